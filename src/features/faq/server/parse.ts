import { createHash } from "node:crypto";
import { parseFrontMatter } from "@/lib/content/front-matter";
import { markdownToText, renderMarkdown, slugify } from "@/lib/content/markdown";
import { blockedImageMessage, imagesBlockedByPolicy } from "@/lib/csp";

/** A question as parsed from `content/faq.md`. */
export type FaqEntrySource = {
  slug: string;
  sectionTitle: string;
  sectionSlug: string;
  position: number;
  question: string;
  answerMarkdown: string;
  answerHtml: string;
  answerText: string;
  sourceHash: string;
};

export class FaqFormatError extends Error {
  override name = "FaqFormatError";
}

/** A line starting a run of 3+ backticks or tildes, and what follows the run. */
const FENCE_LINE = /^\s*(`{3,}|~{3,})(.*)$/;

/** CommonMark: a backtick run followed by a backtick (``` `x` ```) is inline code, not a fence. */
function opens(run: string, rest: string): boolean {
  return !(run[0] === "`" && rest.includes("`"));
}

/**
 * CommonMark: only a run of the opening character at least as long as the opening run, with nothing
 * but blanks after it, closes a fence. Otherwise the ``` shown inside a ```` block would close it
 * and a `###` line of the example would become a question.
 */
function closes(opening: string, run: string, rest: string): boolean {
  return run[0] === opening[0] && run.length >= opening.length && /^[ \t]*$/.test(rest);
}

/**
 * `content/faq.md` layout: `## Section` headings, each followed by `### Question` headings whose
 * answer is the Markdown up to the next heading of level 2 or 3. An optional `# Title` and front
 * matter at the top are ignored. Headings inside fenced code blocks are answer text.
 */
export function parseFaq(source: string): FaqEntrySource[] {
  const { body } = parseFrontMatter(source);
  const lines = body.split("\n");
  const entries: FaqEntrySource[] = [];
  const usedSlugs = new Set<string>();
  let section: { title: string; slug: string } | null = null;
  let current: { question: string; line: number; answer: string[] } | null = null;
  let fence: string | null = null;

  const flush = () => {
    if (!current || !section) return;
    const answerMarkdown = current.answer.join("\n").trim();
    if (!answerMarkdown)
      throw new FaqFormatError(`line ${current.line}: the question "${current.question}" has no answer`);
    const base = slugify(current.question) || "question";
    let slug = base;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${base}-${n}`;
    usedSlugs.add(slug);
    const answerHtml = renderMarkdown(answerMarkdown);
    const [blocked] = imagesBlockedByPolicy(answerHtml);
    if (blocked !== undefined)
      throw new FaqFormatError(
        `line ${current.line}: the answer to "${current.question}": ${blockedImageMessage(blocked)}`,
      );
    entries.push({
      slug,
      sectionTitle: section.title,
      sectionSlug: section.slug,
      position: entries.length,
      question: current.question,
      answerMarkdown,
      answerHtml,
      answerText: markdownToText(answerMarkdown),
      sourceHash: createHash("sha256")
        .update(`${section.title}\n${current.question}\n${answerMarkdown}`)
        .digest("hex"),
    });
    current = null;
  };

  lines.forEach((line, i) => {
    const lineNo = i + 1;
    const fenceLine = FENCE_LINE.exec(line);
    if (fenceLine) {
      const run = fenceLine[1] as string;
      const rest = fenceLine[2] as string;
      if (fence === null) {
        if (opens(run, rest)) fence = run;
      } else if (closes(fence, run, rest)) {
        fence = null;
      }
    }
    const heading = fence === null && !fenceLine ? /^(#{1,3})\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      const level = (heading[1] as string).length;
      const text = heading[2] as string;
      if (level === 1) {
        if (section)
          throw new FaqFormatError(`line ${lineNo}: a "# " title is only allowed before the first section`);
        return;
      }
      flush();
      if (level === 2) {
        section = { title: text, slug: slugify(text) };
        return;
      }
      if (!section)
        throw new FaqFormatError(`line ${lineNo}: question "${text}" comes before any "## Section" heading`);
      current = { question: text, line: lineNo, answer: [] };
      return;
    }
    if (current) current.answer.push(line);
    else if (line.trim() && section) {
      throw new FaqFormatError(`line ${lineNo}: text outside a question; start it with "### Question"`);
    }
  });
  flush();
  return entries;
}

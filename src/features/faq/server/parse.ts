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
    const fenceMatch = /^\s*(```|~~~)/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1] as string;
      else if (fence === fenceMatch[1]) fence = null;
    }
    const heading = fence === null && !fenceMatch ? /^(#{1,3})\s+(.+?)\s*#*\s*$/.exec(line) : null;
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

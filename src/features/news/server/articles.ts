import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseFrontMatter } from "@/lib/content/front-matter";
import { readingMinutes, renderMarkdown, slugify } from "@/lib/content/markdown";
import { blockedImageMessage, imagesBlockedByPolicy } from "@/lib/csp";
import { zodIssueMessage } from "@/lib/validation-messages";
import { type ArticleFrontMatter, articleFrontMatterSchema } from "../schema";

export const NEWS_DIR = path.join(process.cwd(), "content", "news");

/** An article as parsed from its file, ready to be stored. */
export type ArticleSource = {
  file: string;
  slug: string;
  title: string;
  summary: string;
  coverImage: string | null;
  coverAlt: string | null;
  tags: string[];
  publishedAt: Date;
  bodyMarkdown: string;
  bodyHtml: string;
  readingMinutes: number;
  draft: boolean;
  sourceHash: string;
};

export class ContentError extends Error {
  override name = "ContentError";
}

export function parseArticle(file: string, source: string): ArticleSource {
  let parsed: ReturnType<typeof parseFrontMatter>;
  try {
    parsed = parseFrontMatter(source);
  } catch (err) {
    throw new ContentError(`${file}: ${(err as Error).message}`);
  }
  const result = articleFrontMatterSchema.safeParse(parsed.data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ContentError(
      `${file}: front matter ${issue?.path.join(".") || ""}: ${issue ? zodIssueMessage(issue) : "invalid"}`,
    );
  }
  const fm: ArticleFrontMatter = result.data;
  const slug = fm.slug ?? slugify(path.basename(file, ".md"));
  if (!slug) throw new ContentError(`${file}: cannot derive a slug; add "slug:" to the front matter`);
  if (!parsed.body.trim()) throw new ContentError(`${file}: the article has no text`);
  const bodyHtml = renderMarkdown(parsed.body);
  const [blocked] = imagesBlockedByPolicy(bodyHtml);
  if (blocked !== undefined) throw new ContentError(`${file}: ${blockedImageMessage(blocked)}`);
  return {
    file,
    slug,
    title: fm.title,
    summary: fm.summary,
    coverImage: fm.cover ?? null,
    coverAlt: fm.cover ? (fm.coverAlt ?? "") : null,
    tags: [...new Set(fm.tags)],
    publishedAt: fm.date,
    bodyMarkdown: parsed.body,
    bodyHtml,
    readingMinutes: readingMinutes(parsed.body),
    draft: fm.draft === "true",
    sourceHash: createHash("sha256").update(source).digest("hex"),
  };
}

/**
 * Reads every `*.md` in the directory (sorted, so errors and seeding order are stable). Seeding
 * runs outside the web process (scripts/seed.ts): the reads are left out of Next's file tracing
 * (`turbopackIgnore`), which traced the whole project for a directory given by the caller.
 */
export function loadArticles(dir = NEWS_DIR): ArticleSource[] {
  if (!fs.existsSync(/* turbopackIgnore: true */ dir)) return [];
  const articles = fs
    .readdirSync(/* turbopackIgnore: true */ dir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => parseArticle(f, fs.readFileSync(/* turbopackIgnore: true */ path.join(dir, f), "utf8")));
  const seen = new Map<string, string>();
  for (const a of articles) {
    const other = seen.get(a.slug);
    if (other) throw new ContentError(`${a.file}: slug "${a.slug}" is already used by ${other}`);
    seen.set(a.slug, a.file);
  }
  return articles;
}

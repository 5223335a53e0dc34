import { z } from "zod";

/** Shared by the content loader, the API and the UI. */

export const TAG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const WORDS = "lower-case words joined by dashes";

/**
 * A tag as content/news, the console and `/news?tag=` all accept it: one rule, so every tag an
 * article carries is one its chip's link can filter by.
 */
export const articleTagSchema = z.string().regex(TAG_PATTERN, WORDS).max(32);

/** An article's slug, from front matter or the console: one the article's URL and API accept. */
export const articleSlugSchema = z.string().regex(SLUG_PATTERN, WORDS).max(120);

/**
 * Every page's policy allows images from the site itself only (src/lib/csp.ts: `img-src 'self'
 * data: blob:`), so a cover is a path on this site: a file under public/ (`/news/cover.svg`) or a
 * console upload (`/api/media/<sha256>.png`). A remote URL would be blocked by the browser
 * without a trace, so it is refused here with the reason; `//host/…` (and `/\host`, which browsers
 * read the same way) is another host.
 */
const SITE_PATH = /^\/(?![/\\])[^\s"'<>\\]*$/;
export const COVER_MESSAGE =
  "a path on this site such as /news/cover.svg or an uploaded /api/media/… image: the pages' Content-Security-Policy blocks images from other sites";
export const coverSchema = z.string().max(500).regex(SITE_PATH, COVER_MESSAGE);

export const NEWS_PAGE_SIZE = 6;
export const NEWS_MAX_PAGE_SIZE = 50;

const dateString = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
    "a date such as 2026-03-02",
  )
  .transform((s, ctx) => {
    // A bare date is midnight UTC: the article's day must not shift with the server's time zone.
    const date = new Date(s.length === 10 ? `${s}T00:00:00Z` : s);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "a real calendar date" });
      return z.NEVER;
    }
    return date;
  });

/** Front matter of `content/news/<file>.md`. */
export const articleFrontMatterSchema = z.object({
  title: z.string().trim().min(1).max(140),
  slug: articleSlugSchema.optional(),
  date: dateString,
  summary: z.string().trim().min(1).max(300),
  cover: coverSchema.optional(),
  coverAlt: z.string().trim().max(200).optional(),
  tags: z.array(articleTagSchema).max(8).default([]),
  draft: z.enum(["true", "false"]).optional(),
});
export type ArticleFrontMatter = z.infer<typeof articleFrontMatterSchema>;

/** `GET /api/news` query string. */
export const newsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(NEWS_MAX_PAGE_SIZE).default(NEWS_PAGE_SIZE),
  tag: articleTagSchema.optional(),
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

export type ArticleSummary = {
  slug: string;
  title: string;
  summary: string;
  coverImage: string | null;
  coverAlt: string | null;
  tags: string[];
  publishedAt: string;
  readingMinutes: number;
};

export type ArticleLink = { slug: string; title: string };

export type Article = ArticleSummary & {
  html: string;
  /** The older article (what you would read before this one). */
  previous: ArticleLink | null;
  /** The newer article. */
  next: ArticleLink | null;
};

export type NewsPage = {
  articles: ArticleSummary[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  tag: string | null;
  /** Every tag in use, for the filter. */
  tags: string[];
};

// Answers of the news API (for the API reference and contract tests).

export const articleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  coverImage: z.string().nullable(),
  coverAlt: z.string().nullable(),
  tags: z.array(z.string()),
  publishedAt: z.string(),
  readingMinutes: z.number(),
});

const articleLinkSchema = z.object({ slug: z.string(), title: z.string() });

/** `GET /api/news/{slug}` */
export const articleSchema = articleSummarySchema.extend({
  html: z.string(),
  previous: articleLinkSchema.nullable(),
  next: articleLinkSchema.nullable(),
});

/** `GET /api/news` */
export const newsPageSchema = z.object({
  articles: z.array(articleSummarySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
  tag: z.string().nullable(),
  tags: z.array(z.string()),
});

/** `POST /api/news/{slug}/read` */
export const articleReadSchema = z.object({ read: z.literal(true) });

/** The `{slug}` path segment: any text (an unknown slug is a 404, not a 400). */
export const articleParams = z.object({ slug: z.string() });

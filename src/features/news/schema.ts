import { z } from "zod";

/** Shared by the content loader, the API and the UI. */

export const TAG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

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
  slug: z.string().regex(SLUG_PATTERN, "lower-case words joined by dashes").max(80).optional(),
  date: dateString,
  summary: z.string().trim().min(1).max(300),
  cover: z
    .string()
    .regex(/^(\/[^\s"'<>]*|https:\/\/[^\s"'<>]+)$/, "a site path such as /news/cover.svg or an https URL")
    .optional(),
  coverAlt: z.string().trim().max(200).optional(),
  tags: z
    .array(z.string().regex(TAG_PATTERN, "lower-case words joined by dashes").max(32))
    .max(8)
    .default([]),
  draft: z.enum(["true", "false"]).optional(),
});
export type ArticleFrontMatter = z.infer<typeof articleFrontMatterSchema>;

/** `GET /api/news` query string. */
export const newsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(NEWS_MAX_PAGE_SIZE).default(NEWS_PAGE_SIZE),
  tag: z.string().regex(TAG_PATTERN).max(32).optional(),
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

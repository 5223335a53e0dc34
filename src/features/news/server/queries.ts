import { and, arrayContains, asc, count, desc, eq, gt, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { newsArticles, newsReads } from "@/db/schema";
import type { Article, ArticleLink, ArticleSummary, NewsListQuery, NewsPage } from "../schema";

/** Published and due: an article scheduled in the console appears at its `published_at`. */
const live = () => and(eq(newsArticles.published, true), lte(newsArticles.publishedAt, sql`now()`));

const summaryColumns = {
  id: newsArticles.id,
  slug: newsArticles.slug,
  title: newsArticles.title,
  summary: newsArticles.summary,
  coverImage: newsArticles.coverImage,
  coverAlt: newsArticles.coverAlt,
  tags: newsArticles.tags,
  publishedAt: newsArticles.publishedAt,
  readingMinutes: newsArticles.readingMinutes,
};

type SummaryRow = Pick<typeof newsArticles.$inferSelect, keyof typeof summaryColumns>;

function toSummary(r: SummaryRow): ArticleSummary {
  return {
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    coverImage: r.coverImage,
    coverAlt: r.coverAlt,
    tags: r.tags,
    publishedAt: r.publishedAt.toISOString(),
    readingMinutes: r.readingMinutes,
  };
}

/** Published articles, newest first; `page` past the end gives an empty list, not an error. */
export async function listArticles(db: Db, query: NewsListQuery): Promise<NewsPage> {
  const where = and(live(), query.tag ? arrayContains(newsArticles.tags, [query.tag]) : undefined);
  const [rows, totals, tags] = await Promise.all([
    db
      .select(summaryColumns)
      .from(newsArticles)
      .where(where)
      .orderBy(desc(newsArticles.publishedAt), asc(newsArticles.slug))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(newsArticles).where(where),
    listTags(db),
  ]);
  const total = totals[0]?.n ?? 0;
  return {
    articles: rows.map(toSummary),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    tag: query.tag ?? null,
    tags,
  };
}

export async function listTags(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${newsArticles.tags})`.as("tag") })
    .from(newsArticles)
    .where(live());
  return rows.map((r) => r.tag).sort();
}

export type ArticleWithId = Article & { id: string };

/** A published article with its neighbours in the list order (newest first). */
export async function getArticle(db: Db, slug: string): Promise<ArticleWithId | null> {
  const [row] = await db
    .select({ ...summaryColumns, bodyHtml: newsArticles.bodyHtml })
    .from(newsArticles)
    .where(and(eq(newsArticles.slug, slug), live()))
    .limit(1);
  if (!row) return null;
  // List order is (published_at desc, slug asc); "older" is further down that list.
  const older = or(
    lt(newsArticles.publishedAt, row.publishedAt),
    and(eq(newsArticles.publishedAt, row.publishedAt), gt(newsArticles.slug, row.slug)),
  );
  const newer = or(
    gt(newsArticles.publishedAt, row.publishedAt),
    and(eq(newsArticles.publishedAt, row.publishedAt), lt(newsArticles.slug, row.slug)),
  );
  const link = { slug: newsArticles.slug, title: newsArticles.title };
  const [previous, next] = await Promise.all([
    db
      .select(link)
      .from(newsArticles)
      .where(and(live(), older))
      .orderBy(desc(newsArticles.publishedAt), asc(newsArticles.slug))
      .limit(1),
    db
      .select(link)
      .from(newsArticles)
      .where(and(live(), newer))
      .orderBy(asc(newsArticles.publishedAt), desc(newsArticles.slug))
      .limit(1),
  ]);
  return {
    ...toSummary(row),
    id: row.id,
    html: row.bodyHtml,
    previous: (previous[0] as ArticleLink | undefined) ?? null,
    next: (next[0] as ArticleLink | undefined) ?? null,
  };
}

/** Remembers the first time a user opened an article; later opens change nothing. */
export async function recordArticleRead(db: Db, userId: string, articleId: string): Promise<void> {
  await db.insert(newsReads).values({ userId, articleId }).onConflictDoNothing();
}

/**
 * `recordArticleRead` by slug, for the article page's client (a signed-in shell cannot record it on
 * the server): false when no published article has that slug.
 */
export async function recordArticleReadBySlug(db: Db, userId: string, slug: string): Promise<boolean> {
  const [found] = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(and(live(), eq(newsArticles.slug, slug)))
    .limit(1);
  if (!found) return false;
  await recordArticleRead(db, userId, found.id);
  return true;
}

/** For the tasks engine: has this user ever opened the article with this slug? */
export async function hasReadArticle(db: Db, userId: string, slug: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(newsReads)
    .innerJoin(newsArticles, eq(newsArticles.id, newsReads.articleId))
    .where(and(eq(newsReads.userId, userId), eq(newsArticles.slug, slug)))
    .limit(1);
  return rows.length > 0;
}

import { getDb } from "@/db/client";
import { NEWS_PAGE_SIZE, type NewsListQuery, type NewsPage, newsListQuerySchema } from "../schema";
import { type ArticleWithId, getArticle, listArticles, recordArticleRead } from "./queries";

/**
 * What the `/news` page shows for its search params. Bad values (page=abc, an unknown tag format)
 * fall back to the first page of everything rather than an error page: the URL is user-editable.
 * A page past the end (an old link after articles were unpublished, a typed page=999) shows the
 * last page, like the explorer shows the first page for a cursor it cannot read, so "Page X of Y"
 * and its links always name pages that exist. `GET /api/news` keeps answering an empty page.
 */
export async function loadNewsPage(
  searchParams: Record<string, string | string[] | undefined>,
): Promise<NewsPage> {
  const flat = Object.fromEntries(
    Object.entries(searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  );
  const parsed = newsListQuerySchema.safeParse({ page: flat.page, tag: flat.tag });
  const query: NewsListQuery = parsed.success ? parsed.data : { page: 1, pageSize: NEWS_PAGE_SIZE };
  const db = await getDb();
  const data = await listArticles(db, query);
  return data.page > data.totalPages ? listArticles(db, { ...query, page: data.totalPages }) : data;
}

/** The article page: loads it and records that this user opened it (the "read an article" task). */
export async function openArticle(userId: string, slug: string): Promise<ArticleWithId | null> {
  const db = await getDb();
  const article = await getArticle(db, slug);
  if (article) await recordArticleRead(db, userId, article.id);
  return article;
}

/** For metadata: the article without recording a read. */
export async function peekArticle(slug: string): Promise<ArticleWithId | null> {
  return getArticle(await getDb(), slug);
}

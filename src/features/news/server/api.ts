import type { Db } from "@/db/client";
import { notFound } from "@/server/errors";
import { type Article, SLUG_PATTERN } from "../schema";
import { getArticle, recordArticleRead, recordArticleReadBySlug } from "./queries";

/** `GET /api/news/{slug}`: the article; fetching it counts as opening it (the "read an article" task). */
export async function readArticle(db: Db, userId: string, slug: string): Promise<Article> {
  // A slug no article can have is answered without a query (any text reaches here, e.g. 10 KB).
  const article = SLUG_PATTERN.test(slug) && slug.length <= 200 ? await getArticle(db, slug) : null;
  if (!article) throw notFound("Article not found.", "ARTICLE_NOT_FOUND");
  await recordArticleRead(db, userId, article.id);
  const { id: _id, ...body } = article;
  return body;
}

/** `POST /api/news/{slug}/read`: records the caller's first read of the article (no body back). */
export async function markArticleRead(db: Db, userId: string, slug: string): Promise<{ read: true }> {
  const known = SLUG_PATTERN.test(slug) && slug.length <= 200;
  if (!known || !(await recordArticleReadBySlug(db, userId, slug)))
    throw notFound("Article not found.", "ARTICLE_NOT_FOUND");
  return { read: true };
}

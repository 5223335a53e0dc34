import type { Db } from "@/db/client";
import { notFound } from "@/server/errors";
import { type Article, SLUG_PATTERN } from "../schema";
import { getArticle, recordArticleRead } from "./queries";

/** `GET /api/news/{slug}`: the article; fetching it counts as opening it (the "read an article" task). */
export async function readArticle(db: Db, userId: string, slug: string): Promise<Article> {
  // A slug no article can have is answered without a query (any text reaches here, e.g. 10 KB).
  const article = SLUG_PATTERN.test(slug) && slug.length <= 200 ? await getArticle(db, slug) : null;
  if (!article) throw notFound("Article not found.", "ARTICLE_NOT_FOUND");
  await recordArticleRead(db, userId, article.id);
  const { id: _id, ...body } = article;
  return body;
}

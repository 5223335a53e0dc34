import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { getArticle, recordArticleRead } from "@/features/news/server";
import { notFound, route } from "@/server/errors";

// Per-user answers: never cached by the browser or a proxy.
const NO_STORE = { "Cache-Control": "no-store" };

type Ctx = { params: Promise<{ slug: string }> };

/** The article; fetching it counts as opening it (the "read an article" task). */
export const GET = route(async (req: Request, ctx: Ctx) => {
  const session = await requireSession(req);
  const { slug } = await ctx.params;
  const db = await getDb();
  const article = await getArticle(db, slug);
  if (!article) throw notFound("Article not found.", "ARTICLE_NOT_FOUND");
  await recordArticleRead(db, session.userId, article.id);
  const { id: _id, ...body } = article;
  return NextResponse.json(body, { headers: NO_STORE });
});

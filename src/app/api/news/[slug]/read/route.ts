import { articleParams, articleReadSchema, markArticleRead } from "@/features/news/server";
import { route } from "@/server/route";

/**
 * The article page's client records the read here when the page came as a signed-in shell (rendered
 * without a session: docs/ARCHITECTURE.md, "Rendering and CSP").
 */
export const POST = route(
  {
    session: "required",
    params: articleParams,
    rateLimit: { name: "news-read", by: "user", limit: 120, windowSeconds: 60 },
    summary: 'Records the signed-in user\'s first read of an article (the "read an article" task)',
    response: articleReadSchema,
  },
  ({ db, session, params }) => markArticleRead(db, session.userId, params.slug),
);

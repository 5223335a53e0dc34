import { articleParams, articleSchema, readArticle } from "@/features/news/server";
import { route } from "@/server/route";

/** The article; fetching it counts as opening it (the "read an article" task). */
export const GET = route(
  {
    session: "required",
    params: articleParams,
    summary: "One news article as HTML; counts as read for the signed-in user",
    response: articleSchema,
  },
  ({ db, session, params }) => readArticle(db, session.userId, params.slug),
);

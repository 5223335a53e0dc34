import { listArticles, newsListQuerySchema, newsPageSchema } from "@/features/news/server";
import { route } from "@/server/route";

export const GET = route(
  {
    session: "required",
    query: newsListQuerySchema,
    summary: "A page of news articles, newest first, optionally filtered by tag",
    response: newsPageSchema,
  },
  ({ db, query }) => listArticles(db, query),
);

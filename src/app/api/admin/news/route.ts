import { createArticle, listAdminNews, newsBodySchema } from "@/features/admin/server";
import { json, route } from "@/server/route";

export const GET = route(
  { roles: ["admin"], summary: "Every article, published, scheduled or not, with its Markdown" },
  ({ db }) => listAdminNews(db),
);

export const POST = route(
  {
    roles: ["admin"],
    body: newsBodySchema,
    bodyLimit: 256 * 1024,
    summary: "Create an article (Markdown); publishedAt in the future schedules it",
  },
  async ({ db, session, body }) => json(await createArticle(db, session.address, body), { status: 201 }),
);

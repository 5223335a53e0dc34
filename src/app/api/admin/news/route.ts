import {
  createArticle,
  listAdminNews,
  newsBodySchema,
  newsListResponse,
  newsSavedResponse,
} from "@/features/admin/server";
import { json, route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin"],
    response: newsListResponse,
    summary: "Every article, published, scheduled or not, with its Markdown",
  },
  ({ db }) => listAdminNews(db),
);

export const POST = route(
  {
    roles: ["admin"],
    body: newsBodySchema,
    bodyLimit: 256 * 1024,
    status: 201,
    response: newsSavedResponse,
    summary: "Create an article (Markdown); publishedAt in the future schedules it",
  },
  async ({ db, session, body }) => json(await createArticle(db, session.address, body), { status: 201 }),
);

import {
  createFaq,
  faqBodySchema,
  faqListResponse,
  faqSavedResponse,
  listAdminFaq,
} from "@/features/admin/server";
import { json, route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin"],
    summary: "Every FAQ entry in order, with its section and Markdown",
    response: faqListResponse,
  },
  ({ db }) => listAdminFaq(db),
);

export const POST = route(
  {
    roles: ["admin"],
    body: faqBodySchema,
    status: 201,
    response: faqSavedResponse,
    summary: "Add a question (at the end of the list) to a section",
  },
  async ({ db, session, body }) => json(await createFaq(db, session.address, body), { status: 201 }),
);

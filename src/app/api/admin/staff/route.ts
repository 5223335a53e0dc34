import { grantRole, listStaff, staffGrantSchema, staffResponse } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  { roles: ["admin"], response: staffResponse, summary: "Operators: environment and console grants" },
  ({ db }) => listStaff(db),
);

export const POST = route(
  {
    roles: ["admin"],
    body: staffGrantSchema,
    bodyLimit: 1024,
    response: staffResponse,
    summary: "Grant a role (admin or moderator) to an address",
  },
  async ({ db, session, body }) => {
    await grantRole(db, session.address, body.address, body.role);
    return listStaff(db);
  },
);

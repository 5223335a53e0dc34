import { z } from "zod";
import { nameRecordSchema, requireLabel, revokeName } from "@/features/names/server";
import { route } from "@/server/route";

/** `DELETE /api/admin/names/{name}`: an operator revokes a name (released, audit-logged). */
export const DELETE = route(
  {
    roles: ["admin", "moderator"],
    params: z.object({ name: z.string().max(200) }),
    rateLimit: { name: "admin-names-revoke", by: "user", limit: 120, windowSeconds: 60 },
    summary: "Revoke a name (operators)",
    response: z.object({ revoked: nameRecordSchema }),
  },
  async ({ db, session, params }) => ({
    revoked: await revokeName(db, session.address, requireLabel(params.name)),
  }),
);

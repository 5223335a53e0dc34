import { addressParam, revokedResponse, revokeRole } from "@/features/admin/server";
import { route } from "@/server/route";

export const DELETE = route(
  {
    roles: ["admin"],
    params: addressParam,
    response: revokedResponse,
    summary: "Revoke a console-granted role (environment operators stay)",
  },
  async ({ db, session, params }) => {
    await revokeRole(db, session.address, params.address);
    return { revoked: true as const };
  },
);

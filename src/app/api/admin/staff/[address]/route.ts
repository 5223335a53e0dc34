import { addressParam, revokedResponse, revokeRole } from "@/features/admin/server";
import { apiErrorSchema } from "@/server/errors";
import { route } from "@/server/route";

export const DELETE = route(
  {
    roles: ["admin"],
    params: addressParam,
    response: revokedResponse,
    summary: "Revoke a console-granted role (environment operators stay)",
    responses: {
      409: {
        description:
          "CONFLICT: the operator is set in the environment (ADMIN_ADDRESSES or MODERATOR_ADDRESSES) and has no console grant to revoke",
        schema: apiErrorSchema,
      },
    },
  },
  async ({ db, session, params }) => {
    await revokeRole(db, session.address, params.address);
    return { revoked: true as const };
  },
);

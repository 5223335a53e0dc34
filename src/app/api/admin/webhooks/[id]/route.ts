import { z } from "zod";
import { deleteEndpointAudited } from "@/features/integrations/server";
import { notFound } from "@/server/errors";
import { route } from "@/server/route";

export const DELETE = route(
  {
    summary: "Remove a console-registered webhook endpoint",
    roles: ["admin"],
    params: z.object({ id: z.uuid() }),
    response: z.object({ deleted: z.literal(true) }),
  },
  async ({ db, params, session }) => {
    if (!(await deleteEndpointAudited(db, params.id, session.address)))
      throw notFound("No such webhook endpoint (endpoints from WEBHOOK_URLS are removed there).");
    return { deleted: true as const };
  },
);

import { z } from "zod";
import { setEndpointEnabled, webhookEndpointResponse, webhookPatchSchema } from "@/features/admin/server";
import { deleteEndpointAudited } from "@/features/integrations/server";
import { notFound } from "@/server/errors";
import { route } from "@/server/route";

const params = z.object({ id: z.uuid() });

export const PATCH = route(
  {
    summary:
      "Enable or disable a console-registered webhook endpoint (WEBHOOK_URLS ones follow the variable)",
    roles: ["admin"],
    params,
    body: webhookPatchSchema,
    bodyLimit: 1024,
    response: webhookEndpointResponse,
  },
  ({ db, params, body, session }) => setEndpointEnabled(db, params.id, body.enabled, session.address),
);

export const DELETE = route(
  {
    summary: "Remove a console-registered webhook endpoint and its delivery log",
    roles: ["admin"],
    params,
    response: z.object({ deleted: z.literal(true) }),
  },
  async ({ db, params, session }) => {
    if (!(await deleteEndpointAudited(db, params.id, session.address)))
      throw notFound("No such webhook endpoint (endpoints from WEBHOOK_URLS are removed there).");
    return { deleted: true as const };
  },
);

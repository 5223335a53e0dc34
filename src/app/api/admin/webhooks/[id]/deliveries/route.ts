import { z } from "zod";
import { deliveriesPage, webhookDeliveriesQuery, webhookDeliveriesResponse } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  {
    summary: "The delivery log of a webhook endpoint, newest first, 25 a page, optionally by status",
    roles: ["admin"],
    params: z.object({ id: z.uuid() }),
    query: webhookDeliveriesQuery,
    response: webhookDeliveriesResponse,
  },
  ({ db, params, query }) => deliveriesPage(db, params.id, query),
);

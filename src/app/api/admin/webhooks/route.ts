import { endpointsPage, webhookEndpointsQuery, webhookEndpointsResponse } from "@/features/admin/server";
import {
  createdEndpointResponse,
  createEndpointAudited,
  endpointInput,
} from "@/features/integrations/server";
import { json, route } from "@/server/route";

export const GET = route(
  {
    summary: "Webhook endpoints (console and WEBHOOK_URLS), oldest first, 50 a page",
    roles: ["admin"],
    query: webhookEndpointsQuery,
    response: webhookEndpointsResponse,
  },
  ({ db, query }) => endpointsPage(db, query),
);

/** 201 with the endpoint and its signing secret, shown this once. */
export const POST = route(
  {
    summary: "Register a webhook endpoint; the answer carries its signing secret, shown this once",
    roles: ["admin"],
    body: endpointInput,
    bodyLimit: 8192,
    status: 201,
    response: createdEndpointResponse,
  },
  async ({ db, body, session }) =>
    json({ endpoint: await createEndpointAudited(db, body, session.address) }, { status: 201 }),
);

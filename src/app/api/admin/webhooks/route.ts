import {
  createdEndpointResponse,
  createEndpointAudited,
  endpointInput,
  endpointListResponse,
  listEndpoints,
} from "@/features/integrations/server";
import { json, route } from "@/server/route";

export const GET = route(
  { summary: "List webhook endpoints", roles: ["admin"], response: endpointListResponse },
  async ({ db }) => ({ endpoints: await listEndpoints(db) }),
);

/** 201 with the endpoint and its signing secret, shown this once. */
export const POST = route(
  {
    summary: "Register a webhook endpoint",
    roles: ["admin"],
    body: endpointInput,
    response: createdEndpointResponse,
  },
  async ({ db, body, session }) =>
    json({ endpoint: await createEndpointAudited(db, body, session.address) }, { status: 201 }),
);

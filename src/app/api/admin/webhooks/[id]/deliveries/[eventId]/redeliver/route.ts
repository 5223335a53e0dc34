import { z } from "zod";
import { redeliver, redeliverResponse } from "@/features/admin/server";
import { assertEndpointEnabled } from "@/features/integrations/server";
import { route } from "@/server/route";

export const POST = route(
  {
    summary:
      "Send a failed (or already-retried pending) delivery again now; retried with backoff while the event is under 24 h old",
    roles: ["admin"],
    params: z.object({ id: z.uuid(), eventId: z.uuid() }),
    response: redeliverResponse,
  },
  async ({ db, params, session }) => {
    await assertEndpointEnabled(db, params.id);
    return redeliver(db, params.id, params.eventId, session.address);
  },
);

import { eventsBodySchema, eventsResponse, recordEvents } from "@/features/admin/server";
import { route } from "@/server/route";

/** First-party analytics: a batch of at most 25 events; no IP address is stored. */
export const POST = route(
  {
    session: "optional",
    body: eventsBodySchema,
    bodyLimit: 16 * 1024,
    response: eventsResponse,
    rateLimit: { name: "events", by: "ip", limit: 120, windowSeconds: 60 },
    summary: "Store a batch of analytics events (page views, funnel steps, the wallet modal's events)",
  },
  async ({ db, body, session }) => recordEvents(db, body, session?.userId ?? null),
);

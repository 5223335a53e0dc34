import { z } from "zod";
import { nameStatus, nameSuggestionsSchema, requireLabel } from "@/features/names/server";
import { route } from "@/server/route";

/**
 * `GET /api/profile/suggestions/{name}`: is it free, free alternatives when it is not and, signed
 * in, when the participant may rename next. The session is optional: signed out it answers for
 * anyone; signed in, one's own name and its look-alikes are not "taken" (a rename).
 */
export const GET = route(
  {
    session: "optional",
    params: z.object({ name: z.string().max(200) }),
    // The modal asks as the user types (debounced): a generous per-client budget.
    rateLimit: { name: "names-suggest", by: "ip", limit: 120, windowSeconds: 60 },
    summary: "Availability of a name, free alternatives and the rename cooldown",
    response: nameSuggestionsSchema,
  },
  async ({ db, params, session }) => nameStatus(db, requireLabel(params.name), session?.address ?? null),
);

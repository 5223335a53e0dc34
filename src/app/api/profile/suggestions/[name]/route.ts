import { z } from "zod";
import { availabilityOf, nameSuggestionsSchema, requireLabel, suggestNames } from "@/features/names/server";
import { config } from "@/server/config";
import { route } from "@/server/route";

/** `GET /api/profile/suggestions/{name}`: is it free, and free alternatives when it is not. */
export const GET = route(
  {
    params: z.object({ name: z.string().max(200) }),
    // The modal asks as the user types (debounced): a generous per-client budget.
    rateLimit: { name: "names-suggest", by: "ip", limit: 120, windowSeconds: 60 },
    summary: "Availability of a name and free alternatives",
    response: nameSuggestionsSchema,
  },
  async ({ db, params }) => {
    const label = requireLabel(params.name);
    const availability = await availabilityOf(db, label);
    return {
      name: `${label}.${config().namesZone}`,
      available: availability.available,
      reason: availability.reason,
      suggestions: availability.available ? [] : await suggestNames(db, label),
    };
  },
);

import { z } from "zod";
import { EVENT_NAMES } from "@/lib/analytics-events";

// First-party analytics (POST /api/events): the seed's modal events, page views and funnel steps.
// Client-safe: src/lib/analytics.ts sends batches of these.

export { EVENT_NAMES };

/** The seed's cap on error reports: 5 per minute per client; extra ones are dropped, not stored. */
export const ERROR_REPORTS_PER_MINUTE = 5;
export const MAX_BATCH = 25;

const propValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

export const eventsBodySchema = z
  .object({
    clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    events: z
      .array(
        z
          .object({
            name: z.enum(EVENT_NAMES),
            path: z.string().startsWith("/").max(300).optional(),
            props: z
              .record(z.string().max(40), propValue)
              .refine((o) => Object.keys(o).length <= 10, "at most 10 props")
              .optional(),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_BATCH),
  })
  .strict();
export type EventsBody = z.infer<typeof eventsBodySchema>;

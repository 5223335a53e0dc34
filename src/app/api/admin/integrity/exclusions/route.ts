import { z } from "zod";
import {
  excludeBodySchema,
  excludeParticipant,
  exclusionSchema,
  listExclusions,
  pageQuerySchema,
} from "@/features/integrity/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Excluded participants, newest first, paged; `address` filters by prefix. */
export const GET = route(
  {
    roles: ["admin", "moderator"],
    query: pageQuerySchema,
    summary: "Excluded participants",
    response: z.object({ exclusions: z.array(exclusionSchema), nextCursor: z.number().nullable() }),
  },
  ({ db, query }) => listExclusions(db, query),
);

/** Excludes one participant with a reason (or changes the reason of an exclusion); audited. */
export const POST = route(
  {
    roles: ["admin", "moderator"],
    body: excludeBodySchema,
    summary: "Exclude a participant",
    response: exclusionSchema,
  },
  ({ db, session, body }) => excludeParticipant(db, session.address, body),
);

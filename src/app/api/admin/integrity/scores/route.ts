import { z } from "zod";
import { listScores, pageQuerySchema, scoreSchema } from "@/features/integrity/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Sybil scores, highest first, paged (`cursor`, `limit`) and filtered (`minScore`, `address` prefix). */
export const GET = route(
  {
    roles: ["admin", "moderator"],
    query: pageQuerySchema,
    summary: "Sybil scores",
    response: z.object({ scores: z.array(scoreSchema), nextCursor: z.number().nullable() }),
  },
  ({ db, query }) => listScores(db, query),
);

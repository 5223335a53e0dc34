import { z } from "zod";
import { claimViewSchema, requireOwnClaim } from "@/features/faucet/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/**
 * One of the caller's claims; someone else's, an unknown or a malformed id is a 404. The id is not
 * bounded here: a length check would answer 400 for some malformed ids, and requireOwnClaim reads
 * nothing for an id that is not a UUID.
 */
export const GET = route(
  {
    session: "required",
    params: z.object({ id: z.string() }),
    summary: "One of your faucet claims",
    response: claimViewSchema,
  },
  ({ db, session, params }) => requireOwnClaim(db, params.id, session.userId),
);

import { z } from "zod";
import { claimViewSchema, requireOwnClaim } from "@/features/faucet/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** One of the caller's claims; someone else's (or an unknown id) is a 404. */
export const GET = route(
  {
    session: "required",
    params: z.object({ id: z.string().max(100) }),
    summary: "One of your faucet claims",
    response: claimViewSchema,
  },
  ({ db, session, params }) => requireOwnClaim(db, params.id, session.userId),
);

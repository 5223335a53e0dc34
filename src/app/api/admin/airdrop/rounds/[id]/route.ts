import { z } from "zod";
import { adminRoundSchema, adminView, deleteRound, getRound, roundIdSchema } from "@/features/airdrop/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    roles: ["admin"],
    params: roundIdSchema,
    summary: "One airdrop round with its publish progress",
    response: adminRoundSchema,
  },
  async ({ db, params }) => adminView(db, await getRound(db, params.id)),
);

/**
 * The way out of a round that was never deployed (docs/airdrop.md "Deleting a round"): a draft, or
 * a frozen round with no publish job and no distributor; 409 otherwise. Audit `airdrop.delete`.
 */
export const DELETE = route(
  {
    roles: ["admin"],
    params: roundIdSchema,
    summary: "Delete a draft or frozen airdrop round that has no distributor (to create it again)",
    response: z.object({ deleted: z.literal(true) }),
    rateLimit: { name: "airdrop-admin", by: "user", limit: 30, windowSeconds: 60 },
  },
  async ({ db, params, session }) => deleteRound(db, params.id, session.address),
);

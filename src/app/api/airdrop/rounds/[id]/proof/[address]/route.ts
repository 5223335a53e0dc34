import { z } from "zod";
import { proofOf, proofParamsSchema } from "@/features/airdrop/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Public: one recipient's leaf and proof, or 404 when the address has no allocation. */
export const GET = route(
  {
    params: proofParamsSchema,
    summary: "An address's leaf (index, account, amount) and Merkle proof in a published round",
    response: z.object({
      index: z.number(),
      account: z.string(),
      amount: z.string(),
      proof: z.array(z.string()),
    }),
    rateLimit: { name: "airdrop-proof", by: "ip", limit: 120, windowSeconds: 60 },
  },
  async ({ db, params }) => proofOf(db, params.id, params.address),
);

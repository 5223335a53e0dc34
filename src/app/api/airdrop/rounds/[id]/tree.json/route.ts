import { z } from "zod";
import { roundIdSchema } from "@/features/airdrop";
import { treeDump } from "@/features/airdrop/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Public: the round's tree in `StandardMerkleTree.dump()` format (docs/airdrop.md shows how to check it). */
export const GET = route(
  {
    params: roundIdSchema,
    summary: "The round's Merkle tree in OpenZeppelin StandardMerkleTree.dump() format",
    response: z
      .object({ format: z.string(), leafEncoding: z.array(z.string()), tree: z.array(z.string()) })
      .passthrough(),
    rateLimit: { name: "airdrop-tree", by: "ip", limit: 30, windowSeconds: 60 },
    // A published tree never changes.
    cache: "public, max-age=300",
  },
  // The stored JSON text as is: no parse and re-serialization of up to 250 MB per request.
  async ({ db, params }) =>
    new Response(await treeDump(db, params.id), { headers: { "content-type": "application/json" } }),
);

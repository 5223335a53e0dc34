import { z } from "zod";
import { roundIdSchema, treeJson } from "@/features/airdrop/server";
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
  // The stored JSON chunks streamed as they are read: no parse, no re-serialization, and never the
  // whole text (~250 MB at a million leaves) in memory at once (docs/airdrop.md "Publishing").
  async ({ db, params }) => {
    const { body, bytes } = await treeJson(db, params.id);
    return new Response(body, {
      headers: { "content-type": "application/json", "content-length": String(bytes) },
    });
  },
);

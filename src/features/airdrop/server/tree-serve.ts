import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { airdropRounds, airdropTreeChunks } from "@/db/schema";
import { notFound } from "@/server/errors";

/** Chunks (~1 MiB each, tree-json.ts) read per query while streaming: a download holds a few MiB. */
const READ_BATCH = 4;

export type TreeJson = { body: ReadableStream<Uint8Array>; bytes: number };

/**
 * A published round's `StandardMerkleTree.dump()` JSON as a stream of its stored chunks in order
 * (docs/airdrop.md "Publishing"), with its exact length in bytes, or 404. Nothing holds the whole
 * ~250 MB text of a million-leaf round: chunks are read a few at a time as the client takes them.
 */
export async function treeJson(db: Db, id: string): Promise<TreeJson> {
  const [row] = await db
    .select({
      status: airdropRounds.status,
      // octet_length reads a stored value's size without decompressing it; the JSON is ASCII.
      bytes: sql<
        string | null
      >`(SELECT sum(octet_length(${airdropTreeChunks.body})) FROM ${airdropTreeChunks} WHERE ${airdropTreeChunks.roundId} = ${airdropRounds.id})`,
    })
    .from(airdropRounds)
    .where(eq(airdropRounds.id, id));
  if (row?.status !== "published" || row.bytes === null)
    throw notFound("No published airdrop round with this id.", "ROUND_NOT_FOUND");
  const encoder = new TextEncoder();
  let last = -1;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunks = await db
        .select({ seq: airdropTreeChunks.seq, body: airdropTreeChunks.body })
        .from(airdropTreeChunks)
        .where(and(eq(airdropTreeChunks.roundId, id), gt(airdropTreeChunks.seq, last)))
        .orderBy(asc(airdropTreeChunks.seq))
        .limit(READ_BATCH);
      for (const c of chunks) controller.enqueue(encoder.encode(c.body));
      last = chunks.at(-1)?.seq ?? last;
      if (chunks.length < READ_BATCH) controller.close();
    },
  });
  return { body, bytes: Number(row.bytes) };
}

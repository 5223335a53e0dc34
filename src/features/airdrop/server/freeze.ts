import { setTimeout as sleep, setImmediate as yieldToLoop } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { type Db, isPgliteDb } from "@/db/client";
import {
  type AirdropRoundRow,
  airdropAllocations,
  airdropIneligible,
  airdropRounds,
  airdropTreeChunks,
  airdropTxs,
} from "@/db/schema";
import { config } from "@/server/config";
import { conflict } from "@/server/errors";
import { logger } from "@/server/logger";
import type { FrozenSource, RowBatch } from "./freeze-compute";
import { type FreezeThreadOptions, startFreezeThread } from "./freeze-worker";
import type { Lease } from "./lease";
import { excludedAddresses, snapshotPairs } from "./participants";
import { assertMultipliersNameTiers, getRound, roundTiers } from "./rounds";
import type { TxKind } from "./sender";
import { serially } from "./serial";
import { TREE_CHUNK_CHARS } from "./tree-json";

/**
 * The first step of publishing (publish.ts, docs/airdrop.md "Publishing"): a draft becomes frozen
 * with its allocation rows, proofs, ineligible list and tree stored in one transaction, computed in
 * a worker thread (freeze-worker.ts) so the process's event loop never runs a long stretch.
 */

export type PublishStep = "frozen" | "token" | "deployed" | "funded" | "published";
export type PublishHooks = {
  /** Called after each step is durable: the crash tests throw here. */
  afterStep?: (step: PublishStep) => void | Promise<void>;
  /** Called after a transaction is stored and before it is broadcast. */
  afterRecord?: (kind: TxKind) => void | Promise<void>;
  /**
   * Called inside the freeze transaction after each batch of rows or tree chunk is written (`done`
   * = how many so far): the crash tests kill the job there to prove nothing half-written survives.
   */
  afterBatch?: (table: "allocations" | "tree", done: number) => void | Promise<void>;
};
/** How the frozen rows are written; `treeChunkChars` is smaller in tests to get many chunks. */
export type StoreOptions = { hooks?: PublishHooks; treeChunkChars?: number };
/** The freeze thread (freeze-worker.ts): its heap limit, and the thread itself for the crash tests. */
export type ThreadOptions = { freezeMemoryMb?: number; onFreezeThread?: FreezeThreadOptions["onThread"] };
export type FreezeOptions = StoreOptions & ThreadOptions & { lease?: Lease };

/**
 * Allocation rows per INSERT. Small on purpose: a batch's short-lived data (proof JSON, the driver's
 * array literals) outlived the young generation at 1,000 rows and was promoted, piling up hundreds of
 * MB of garbage on top of the tree before a full GC (300,000 rows on PostgreSQL: heap +510 MB at
 * 1,000 rows per batch, +110 MB at 250; docs/airdrop.md "Scale").
 */
export const ROWS_PER_BATCH = 250;

/**
 * On PGlite every INSERT runs on this thread (the web process's, on one machine): a quarter of the
 * ~1 MiB dump chunk keeps each call short. Rows stay at ROWS_PER_BATCH: 100 rows per INSERT took
 * 2.7x as long in all (300,000 rows at load 5–8: 46 s against 17 s) for no shorter longest INSERT.
 */
export const PGLITE_TREE_CHUNK_CHARS = 256 * 1024;

/**
 * One batch of allocation rows with their proofs, as one array per column expanded by `unnest`:
 * nine parameters whatever the batch size, where a multi-row VALUES list had nine per row: about
 * half the insert time and the job's CPU (50,000 rows on PostgreSQL).
 */
async function insertAllocations(db: Db, id: string, b: RowBatch): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${airdropAllocations} (round_id, index, address, amount, points, tier, multiplier_bps, capped, proof)
    SELECT ${id}::uuid, * FROM unnest(
      ${sql.param(b.index)}::int[],
      ${sql.param(b.address)}::text[],
      ${sql.param(b.amount)}::numeric[],
      ${sql.param(b.points)}::bigint[],
      ${sql.param(b.tier)}::text[],
      ${sql.param(b.multiplierBps)}::int[],
      ${sql.param(b.capped)}::int[],
      ${sql.param(b.proof)}::jsonb[])`);
}

/**
 * The frozen round's rows, pulled batch by batch from `source` (the freeze thread, or an in-process
 * freeze in tests and bench/airdrop.ts): allocations with their proofs, the ineligible list and the
 * tree dump as ordered ~1 MiB chunks of its JSON text (tree-json.ts: the ~250 MB dump of a million
 * leaves is never one string). This thread holds one batch at a time. The caller runs it in a
 * transaction, so a crash leaves nothing. After each INSERT the event loop gets a turn: PGlite
 * answers through promises only, and a batch the thread has ready is a resolved promise, so without
 * `yieldToLoop` one stretch of INSERTs ran on without a timer or request in between (the 0.6–10 s
 * stalls of PGlite in `bench:airdrop-stall`). On PostgreSQL a turn costs next to nothing.
 */
export async function storeFrozen(
  db: Db,
  id: string,
  source: FrozenSource,
  opts: StoreOptions = {},
): Promise<void> {
  const afterBatch = opts.hooks?.afterBatch;
  let done = 0;
  for await (const batch of source.rows()) {
    await insertAllocations(db, id, batch);
    done += batch.index.length;
    await afterBatch?.("allocations", done);
    await yieldToLoop();
  }
  for await (const batch of source.ineligible()) {
    await db.insert(airdropIneligible).values(batch.map((x) => ({ roundId: id, ...x })));
    await yieldToLoop();
  }
  let seq = 0;
  for await (const body of source.treeChunks()) {
    await db.insert(airdropTreeChunks).values({ roundId: id, seq, body });
    seq++;
    await afterBatch?.("tree", seq);
    await yieldToLoop();
  }
}

// Freezing holds a round's whole tree (~1.1 GB at a million recipients, docs/airdrop.md "Scale"): two
// at once in one process (two rounds, or two clicks on one round) would double that.
const oneFreezeAtATime = serially();

/**
 * Freezes a draft: allocation rows, proofs, the ineligible list and the tree, in one transaction (a
 * job killed midway leaves the round a draft with none of them: publish.int and publish-kill tests).
 * One freeze at a time in this process; a second request for the same round then finds it frozen.
 */
export function freezeRound(db: Db, id: string, opts: FreezeOptions = {}): Promise<AirdropRoundRow> {
  return oneFreezeAtATime(() => freeze(db, id, opts));
}

/** The checks that need no allocation: the POST answers them at once (jobs.ts), the freeze again. */
export function assertPublishableWindow(r: AirdropRoundRow): void {
  if (r.snapshotAt > new Date())
    throw conflict("The snapshot time has not been reached yet.", "SNAPSHOT_NOT_REACHED");
  if (r.deadline <= new Date()) throw conflict("The claim deadline has already passed.", "DEADLINE_PASSED");
}

/**
 * A frozen round whose deadline passed before its distributor deployment was sent can never be
 * deployed (the constructor refuses an end time in the past), so "Resume publishing" answers 409 at
 * once and the job stops before any chain step, instead of failing on the deploy every time. A
 * deployment already recorded is left to the job: it may have been mined before the deadline, and
 * resuming records it. The way out is deleting the round (remove.ts) and creating it again.
 */
export async function assertDeployableInTime(db: Db, r: AirdropRoundRow): Promise<void> {
  if (r.status !== "frozen" || r.deadline > new Date()) return;
  const [sent] = await db
    .select({ hash: airdropTxs.hash })
    .from(airdropTxs)
    .where(and(eq(airdropTxs.roundId, r.id), eq(airdropTxs.kind, "deploy")));
  if (sent) return;
  throw conflict(
    "The claim deadline passed before this round's distributor was deployed, and a distributor cannot be deployed with a deadline in the past. Delete the round and create it again with a new deadline.",
    "DEADLINE_PASSED",
  );
}

/**
 * How long after the snapshot time a freeze reads the ledger. A points credit is stamped with its
 * transaction's start (`now()`), so one dated just before the snapshot may commit just after it; a
 * freeze at the snapshot instant would miss it. 5 s is the margin after which the snapshot reads are
 * cached as final (participants.ts). The freeze waits out what is left of it (at most 5 s, in the
 * worker); a snapshot still ahead is a 409 (assertPublishableWindow).
 */
export const SNAPSHOT_SETTLE_MS = 5_000;

/**
 * The freeze. This thread reads the snapshot (one string) and the exclusions, hands them to the
 * freeze thread (allocation, tree, proofs and chunk text: freeze-worker.ts) and writes what it
 * pulls back; it never runs a stretch longer than one batch, so on one machine the web process
 * keeps answering (`npm run bench:airdrop-stall`). A failure of the thread (error, memory limit,
 * exit) rejects like any other freeze error: nothing is stored and the job records it.
 */
async function freeze(db: Db, id: string, opts: FreezeOptions): Promise<AirdropRoundRow> {
  const r = await getRound(db, id);
  if (r.status !== "draft") return r;
  assertPublishableWindow(r);
  const settle = r.snapshotAt.getTime() + SNAPSHOT_SETTLE_MS - Date.now();
  if (settle > 0) await sleep(settle);
  // Where a freeze's time goes, logged at the end (the read and the writes run on this thread).
  const ms: Record<"read" | "compute" | "store", number> = { read: 0, compute: 0, store: 0 };
  const pglite = isPgliteDb(db);
  let t = performance.now();
  // The tiers in force now (a draft has none of its own): recorded with the rows below, so a later
  // change of the console's tiers changes neither this round's rows nor its simulation.
  const [pairs, excluded, tiers] = await Promise.all([
    snapshotPairs(db, r.snapshotAt),
    excludedAddresses(db),
    roundTiers(db, r),
  ]);
  ms.read = Math.round(performance.now() - t);
  assertMultipliersNameTiers(r, tiers);
  t = performance.now();
  await opts.lease?.renew();
  const thread = startFreezeThread(
    {
      pairs,
      tiers,
      excluded: [...excluded],
      rule: {
        minPoints: r.minPoints,
        capPerAddress: r.capPerAddress,
        tierMultipliers: r.tierMultipliers,
      },
      total: r.totalAmount,
    },
    {
      rowsPerBatch: ROWS_PER_BATCH,
      treeChunkChars: opts.treeChunkChars ?? (pglite ? PGLITE_TREE_CHUNK_CHARS : TREE_CHUNK_CHARS),
      maxMb: opts.freezeMemoryMb ?? config().AIRDROP_FREEZE_MEMORY_MB,
      onThread: opts.onFreezeThread,
    },
  );
  try {
    const summary = await thread.summary;
    ms.compute = Math.round(performance.now() - t);
    t = performance.now();
    if (summary.recipients === 0) {
      throw conflict("No participant is eligible under this rule: lower the minimum.", "NOTHING_TO_ALLOCATE");
    }
    if (BigInt(summary.unallocated) > 0n) {
      throw conflict(
        `The cap is too low: every eligible address hits it and ${summary.unallocated} base units would be left over.`,
        "CAP_TOO_LOW",
      );
    }
    await opts.lease?.renew();
    opts.lease?.assertHeld();
    await db
      .transaction(async (tx) => {
        await storeFrozen(tx, id, thread.source, opts);
        // The round row is updated last, so the lease heartbeat (an UPDATE of this row from another
        // connection) is not blocked by this transaction's row lock for the minutes the rows take.
        const moved = await tx
          .update(airdropRounds)
          .set({
            status: "frozen",
            tiers: [...tiers],
            merkleRoot: summary.root,
            recipients: summary.recipients,
            lastError: null,
          })
          .where(and(eq(airdropRounds.id, id), eq(airdropRounds.status, "draft")))
          .returning({ id: airdropRounds.id });
        // Frozen by a concurrent job meanwhile (the lease makes this unlikely): keep its rows and root.
        if (moved.length === 0) throw new FrozenMeanwhile();
      })
      .catch((err) => {
        if (!(err instanceof FrozenMeanwhile)) throw err;
      });
    ms.store = Math.round(performance.now() - t);
    logger.info({ round: id, recipients: summary.recipients, ms }, "airdrop round frozen");
  } finally {
    await thread.close();
  }
  await opts.hooks?.afterStep?.("frozen");
  return getRound(db, id);
}

class FrozenMeanwhile extends Error {}

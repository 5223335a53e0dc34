import { and, eq, sql } from "drizzle-orm";
import {
  type Address,
  decodeEventLog,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hex,
} from "viem";
import {
  merkleDistributorAbi,
  merkleDistributorBytecode,
  testTokenAbi,
  testTokenBytecode,
} from "@/chain/generated";
import type { Db } from "@/db/client";
import {
  type AirdropRoundRow,
  airdropAllocations,
  airdropIneligible,
  airdropRounds,
  airdropTreeChunks,
} from "@/db/schema";
import { config } from "@/server/config";
import { conflict } from "@/server/errors";
import type { FrozenSource, RowBatch } from "./freeze-compute";
import { type FreezeThreadOptions, startFreezeThread } from "./freeze-worker";
import { acquireLease, type Lease } from "./lease";
import { excludedAddresses, snapshotPairs } from "./participants";
import { AIRDROP_TOKEN_SYMBOL, airdropTokenName, getRound } from "./rounds";
import { AirdropJobError, type ChainEnv, defaultChainEnv, sendOnce, type TxKind } from "./sender";
import { serially } from "./serial";
import { TREE_CHUNK_CHARS } from "./tree-json";

/**
 * Publishing a round (docs/airdrop.md "Publishing"): a state machine persisted in the round row,
 * draft → frozen → deployed → funded → published. Every step reads the state, does its work
 * idempotently and moves the state with a conditional update, so a crash anywhere followed by a
 * retry continues where it stopped: rows and root are written once (frozen is never recomputed),
 * and each transaction is signed and stored before it is broadcast (sender.ts), so it is sent once.
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
type ThreadOptions = { freezeMemoryMb?: number; onFreezeThread?: FreezeThreadOptions["onThread"] };
export type PublishOptions = StoreOptions & ThreadOptions & { env?: ChainEnv; leaseSeconds?: number };
type FreezeOptions = StoreOptions & ThreadOptions & { lease?: Lease };

/**
 * The publish lease (lease.ts): renewed every quarter of it while the job works. The freeze's CPU
 * work runs in its own thread (freeze-worker.ts), so the timer fires throughout; the lease is still
 * longer than a freeze's longest database statement at a million recipients on a loaded machine
 * (docs/airdrop.md "Scale"). A dead job is resumed after it expires.
 */
export const PUBLISH_LEASE_SECONDS = 120;

/**
 * Allocation rows per INSERT. Small on purpose: a batch's short-lived data (proof JSON, the driver's
 * array literals) outlived the young generation at 1,000 rows and was promoted, piling up hundreds of
 * MB of garbage on top of the tree before a full GC (300,000 rows on PostgreSQL: heap +510 MB at
 * 1,000 rows per batch, +110 MB at 250; docs/airdrop.md "Scale").
 */
export const ROWS_PER_BATCH = 250;

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
 * transaction, so a crash leaves nothing.
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
  }
  for await (const batch of source.ineligible()) {
    await db.insert(airdropIneligible).values(batch.map((x) => ({ roundId: id, ...x })));
  }
  let seq = 0;
  for await (const body of source.treeChunks()) {
    await db.insert(airdropTreeChunks).values({ roundId: id, seq, body });
    seq++;
    await afterBatch?.("tree", seq);
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
  const [pairs, excluded] = await Promise.all([snapshotPairs(db, r.snapshotAt), excludedAddresses(db)]);
  await opts.lease?.renew();
  const thread = startFreezeThread(
    {
      pairs,
      tiers: config().POINTS_TIERS,
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
      treeChunkChars: opts.treeChunkChars ?? TREE_CHUNK_CHARS,
      maxMb: opts.freezeMemoryMb ?? config().AIRDROP_FREEZE_MEMORY_MB,
      onThread: opts.onFreezeThread,
    },
  );
  try {
    const summary = await thread.summary;
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
  } finally {
    await thread.close();
  }
  await opts.hooks?.afterStep?.("frozen");
  return getRound(db, id);
}

class FrozenMeanwhile extends Error {}

async function setRound(db: Db, id: string, from: string, patch: Partial<typeof airdropRounds.$inferInsert>) {
  await db
    .update(airdropRounds)
    .set(patch)
    .where(and(eq(airdropRounds.id, id), eq(airdropRounds.status, from)));
}

/**
 * Runs (or resumes) the whole publish job. Holds a lease on the round so two jobs never run it at
 * once (renewed while it works, lease.ts); a job that died leaves the lease to expire after
 * `leaseSeconds`. The airdrop worker runs it for requested rounds (jobs.ts).
 */
export async function publishRound(db: Db, id: string, opts: PublishOptions = {}): Promise<AirdropRoundRow> {
  await getRound(db, id); // 404 before anything else
  const lease = await acquireLease(db, id, opts.leaseSeconds ?? PUBLISH_LEASE_SECONDS);
  if (!lease) throw conflict("This round is being published right now.", "PUBLISH_IN_PROGRESS");
  return runPublish(db, lease, opts);
}

/** The job under a lease already held; releases it at the end whatever happens. */
export async function runPublish(db: Db, lease: Lease, opts: PublishOptions = {}): Promise<AirdropRoundRow> {
  const id = lease.roundId;
  const env = opts.env ?? defaultChainEnv();
  const held = () => lease.assertHeld();
  const hooks: PublishHooks = {
    ...opts.hooks,
    afterStep: async (step) => {
      await opts.hooks?.afterStep?.(step);
      held();
    },
  };
  try {
    let r = await freezeRound(db, id, { ...opts, hooks, lease });
    const total = BigInt(r.totalAmount);
    const owner = env.account.address;

    held();
    if (r.tokenMode === "deploy" && !r.tokenAddress) {
      const receipt = await sendOnce(
        db,
        env,
        id,
        "token",
        async () => ({
          data: encodeDeployData({
            abi: testTokenAbi,
            bytecode: testTokenBytecode,
            args: [airdropTokenName(), AIRDROP_TOKEN_SYMBOL, 18, owner],
          }),
        }),
        hooks?.afterRecord,
      );
      if (!receipt.contractAddress) throw new AirdropJobError("the token deployment has no contract address");
      await db
        .update(airdropRounds)
        .set({ tokenAddress: receipt.contractAddress.toLowerCase() })
        .where(eq(airdropRounds.id, id));
      await hooks?.afterStep?.("token");
      r = await getRound(db, id);
    }
    const token = getAddress(r.tokenAddress as string);

    held();
    if (r.status === "frozen") {
      const endTime = BigInt(Math.floor(r.deadline.getTime() / 1000));
      const receipt = await sendOnce(
        db,
        env,
        id,
        "deploy",
        async () => ({
          data: encodeDeployData({
            abi: merkleDistributorAbi,
            bytecode: merkleDistributorBytecode,
            args: [token, r.merkleRoot as Hex, endTime, owner],
          }),
        }),
        hooks?.afterRecord,
      );
      if (!receipt.contractAddress)
        throw new AirdropJobError("the distributor deployment has no contract address");
      await setRound(db, id, "frozen", {
        status: "deployed",
        distributorAddress: receipt.contractAddress.toLowerCase(),
        distributorBlock: Number(receipt.blockNumber),
      });
      await hooks?.afterStep?.("deployed");
      r = await getRound(db, id);
    }
    const distributor = getAddress(r.distributorAddress as string);

    held();
    if (r.status === "deployed") {
      await sendOnce(
        db,
        env,
        id,
        "fund",
        async () => {
          if (r.tokenMode === "deploy") {
            return {
              to: token,
              data: encodeFunctionData({
                abi: testTokenAbi,
                functionName: "mint",
                args: [distributor, total],
              }),
            };
          }
          const held = await env.client.readContract({
            address: token,
            abi: testTokenAbi,
            functionName: "balanceOf",
            args: [owner],
          });
          if (held < total) {
            throw new AirdropJobError(
              `the deployer ${owner} holds ${held} base units of the token; the round needs ${total}`,
            );
          }
          return {
            to: token,
            data: encodeFunctionData({
              abi: testTokenAbi,
              functionName: "transfer",
              args: [distributor, total],
            }),
          };
        },
        hooks?.afterRecord,
      );
      await setRound(db, id, "deployed", { status: "funded" });
      await hooks?.afterStep?.("funded");
      r = await getRound(db, id);
    }

    if (r.status === "funded") {
      // Check the chain says what the database says before anyone is shown the round.
      const [root, balance] = await Promise.all([
        env.client.readContract({
          address: distributor,
          abi: merkleDistributorAbi,
          functionName: "merkleRoot",
        }),
        env.client.readContract({
          address: token,
          abi: testTokenAbi,
          functionName: "balanceOf",
          args: [distributor],
        }),
      ]);
      if (root.toLowerCase() !== r.merkleRoot?.toLowerCase())
        throw new AirdropJobError("on-chain root differs");
      if (balance < total && !r.sweptAt)
        throw new AirdropJobError(`the distributor holds ${balance}, expected ${total}`);
      await setRound(db, id, "funded", { status: "published", publishedAt: new Date() });
      await hooks?.afterStep?.("published");
    }
    await db
      .update(airdropRounds)
      .set({ lastError: null, publishRequestedAt: null })
      .where(and(eq(airdropRounds.id, id), eq(airdropRounds.leaseOwner, lease.owner)));
    return await getRound(db, id);
  } catch (err) {
    // A job that stopped on an error ends the request (the operator retries from the console); a
    // job whose lease was taken over leaves both to the job that holds it now.
    const message = err instanceof Error ? err.message : String(err);
    await db
      .update(airdropRounds)
      .set({ lastError: message.slice(0, 500), publishRequestedAt: null })
      .where(and(eq(airdropRounds.id, id), eq(airdropRounds.leaseOwner, lease.owner)))
      .catch(() => {});
    throw err;
  } finally {
    await lease.release().catch(() => {});
  }
}

/** After the deadline only: the owner withdraws what nobody claimed. Idempotent (one recorded transaction). */
export async function sweepRound(db: Db, id: string, to: Address | undefined, opts: { env?: ChainEnv } = {}) {
  const env = opts.env ?? defaultChainEnv();
  const r = await getRound(db, id);
  if (r.status !== "published" || !r.distributorAddress) {
    throw conflict("Only a published round can be swept.", "ROUND_NOT_PUBLISHED");
  }
  if (r.sweptAt) return r;
  const block = await env.client.getBlock({ blockTag: "latest" });
  if (block.timestamp <= BigInt(Math.floor(r.deadline.getTime() / 1000))) {
    throw conflict("The claim window is still open: sweep after the deadline.", "SWEEP_TOO_EARLY");
  }
  const distributor = getAddress(r.distributorAddress);
  const receipt = await sendOnce(db, env, id, "sweep", async () => ({
    to: distributor,
    data: encodeFunctionData({
      abi: merkleDistributorAbi,
      functionName: "withdraw",
      args: [to ?? env.account.address],
    }),
  }));
  let amount = 0n;
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== r.distributorAddress) continue;
    try {
      const ev = decodeEventLog({ abi: merkleDistributorAbi, data: log.data, topics: log.topics });
      if (ev.eventName === "Withdrawn") amount = ev.args.amount;
    } catch {
      // another event of the distributor
    }
  }
  await db
    .update(airdropRounds)
    .set({ sweptAt: new Date(), sweptAmount: amount.toString() })
    .where(and(eq(airdropRounds.id, id), sql`${airdropRounds.sweptAt} IS NULL`));
  return getRound(db, id);
}

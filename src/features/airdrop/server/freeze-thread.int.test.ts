import type { Worker } from "node:worker_threads";
import { eq } from "drizzle-orm";
import type { PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { airdropAllocations, airdropIneligible, airdropTreeChunks } from "@/db/schema";
import { config } from "@/server/config";
import { type Chainish, startChain } from "../../../../contracts/test/lib/harness";
import { testDb } from "../../../../test/db";
import { seedParticipants } from "./fixtures";
import { computeFreeze } from "./freeze-compute";
import { requestPublish, runNextPublish } from "./jobs";
import { clearSnapshotCacheForTests, snapshotPairs } from "./participants";
import { createRound, getRound } from "./rounds";
import type { ChainEnv } from "./sender";

/**
 * The freeze thread's failures are freeze errors like any other (freeze-worker.ts, docs/airdrop.md
 * "Publishing"), on PGlite and PostgreSQL: a thread that dies midway, or runs out of its memory
 * limit, leaves the round a draft with nothing stored, the error recorded on the round and the
 * request ended; a new request publishes it whole, with the root the in-process freeze gives.
 */
let c: Chainish;
let h: DbHandle;
let env: ChainEnv;
const hour = 3_600_000;

beforeAll(async () => {
  c = await startChain();
  h = await testDb();
  env = { client: c.pub as PublicClient, account: c.accounts[0]!, chainId: 99199 };
  await seedParticipants(h.db, { count: 600, at: new Date(Date.now() - 2 * hour) });
  clearSnapshotCacheForTests();
});
afterAll(async () => {
  await h?.close();
  await c?.stop();
});

const draft = () =>
  createRound(
    h.db,
    {
      name: "Thread",
      totalAmount: "1000000000000000000000",
      minPoints: 100,
      opensAt: new Date(Date.now() - hour).toISOString(),
      deadline: new Date(Date.now() + 48 * hour).toISOString(),
    },
    c.accounts[0]!.address,
    c.pub as PublicClient,
  );

async function storedRows(id: string): Promise<number> {
  const counts = await Promise.all([
    h.db.$count(airdropAllocations, eq(airdropAllocations.roundId, id)),
    h.db.$count(airdropIneligible, eq(airdropIneligible.roundId, id)),
    h.db.$count(airdropTreeChunks, eq(airdropTreeChunks.roundId, id)),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}

async function expectFailedDraft(id: string, error: RegExp): Promise<void> {
  const r = await getRound(h.db, id);
  expect(r).toMatchObject({ status: "draft", merkleRoot: null, publishRequestedAt: null, leaseUntil: null });
  expect(r.lastError).toMatch(error);
  expect(await storedRows(id)).toBe(0);
  expect(await runNextPublish(h.db, { env })).toBeNull(); // the request ended: no endless retry
}

/** A new request publishes the round whole, with the root of the same freeze computed in-process. */
async function expectRetryPublishes(id: string): Promise<void> {
  expect((await requestPublish(h.db, id)).lastError).toBeNull();
  expect(await runNextPublish(h.db, { env })).toEqual({ roundId: id });
  const r = await getRound(h.db, id);
  const local = computeFreeze({
    pairs: await snapshotPairs(h.db, r.snapshotAt),
    tiers: config().POINTS_TIERS,
    excluded: [],
    rule: { minPoints: r.minPoints, capPerAddress: r.capPerAddress, tierMultipliers: r.tierMultipliers },
    total: r.totalAmount,
  });
  expect(r).toMatchObject({ status: "published", lastError: null, recipients: local.summary.recipients });
  expect(r.merkleRoot).toBe(local.summary.root);
}

describe("the freeze thread's failures", { timeout: 120_000 }, () => {
  it("a thread that dies while the rows are written: nothing stored, the error recorded, the retry publishes", async () => {
    const r0 = await draft();
    await requestPublish(h.db, r0.id);
    let thread: Worker | undefined;
    const ran = await runNextPublish(h.db, {
      env,
      treeChunkChars: 300,
      onFreezeThread: (w) => {
        thread = w;
      },
      hooks: {
        // After the first batch of rows is written in the freeze's transaction: the thread dies.
        afterBatch: async (table, done) => {
          if (table === "allocations" && done === 250) await thread?.terminate();
        },
      },
    });
    expect(ran).toEqual({ roundId: r0.id, error: "the freeze thread stopped unexpectedly (exit code 1)" });
    await expectFailedDraft(r0.id, /^the freeze thread stopped unexpectedly \(exit code 1\)$/);
    await expectRetryPublishes(r0.id);
  });

  it("a freeze over its memory limit: nothing stored, the limit named in the error, the retry publishes", async () => {
    const r0 = await draft();
    await requestPublish(h.db, r0.id);
    const ran = await runNextPublish(h.db, { env, freezeMemoryMb: 2 });
    expect(ran?.error).toMatch(
      /^the freeze needed more than its 2 MB of memory \(AIRDROP_FREEZE_MEMORY_MB\): /,
    );
    await expectFailedDraft(r0.id, /^the freeze needed more than its 2 MB of memory/);
    await expectRetryPublishes(r0.id);
  });
});

import type { Worker } from "node:worker_threads";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airdropAllocations, airdropIneligible, airdropTreeChunks } from "@/db/schema";
import { config } from "@/server/config";
import { computeFreeze } from "./freeze-compute";
import { requestPublish, runNextPublish } from "./jobs";
import { snapshotPairs } from "./participants";
import { getRound } from "./rounds";
import { publishTestSetup } from "./testing";

/**
 * The freeze thread's failures are freeze errors like any other (freeze-worker.ts, docs/airdrop.md
 * "Publishing"), on PGlite and PostgreSQL: a thread that dies midway, or runs out of its memory
 * limit, leaves the round a draft with nothing stored, the error recorded on the round and the
 * request ended; a new request publishes it whole, with the root the in-process freeze gives.
 */
const fx = publishTestSetup({ participants: 600, roundName: "Thread" });
const { draft } = fx;

async function storedRows(id: string): Promise<number> {
  const counts = await Promise.all([
    fx.db.$count(airdropAllocations, eq(airdropAllocations.roundId, id)),
    fx.db.$count(airdropIneligible, eq(airdropIneligible.roundId, id)),
    fx.db.$count(airdropTreeChunks, eq(airdropTreeChunks.roundId, id)),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}

async function expectFailedDraft(id: string, error: RegExp): Promise<void> {
  const r = await getRound(fx.db, id);
  expect(r).toMatchObject({ status: "draft", merkleRoot: null, publishRequestedAt: null, leaseUntil: null });
  expect(r.lastError).toMatch(error);
  expect(await storedRows(id)).toBe(0);
  expect(await runNextPublish(fx.db, { env: fx.env })).toBeNull(); // the request ended: no endless retry
}

/** A new request publishes the round whole, with the root of the same freeze computed in-process. */
async function expectRetryPublishes(id: string): Promise<void> {
  expect((await requestPublish(fx.db, id)).lastError).toBeNull();
  expect(await runNextPublish(fx.db, { env: fx.env })).toEqual({ roundId: id });
  const r = await getRound(fx.db, id);
  const local = computeFreeze({
    pairs: await snapshotPairs(fx.db, r.snapshotAt),
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
    await requestPublish(fx.db, r0.id);
    let thread: Worker | undefined;
    const ran = await runNextPublish(fx.db, {
      env: fx.env,
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
    await requestPublish(fx.db, r0.id);
    const ran = await runNextPublish(fx.db, { env: fx.env, freezeMemoryMb: 2 });
    expect(ran?.error).toMatch(
      /^the freeze needed more than its 2 MB of memory \(AIRDROP_FREEZE_MEMORY_MB\): /,
    );
    await expectFailedDraft(r0.id, /^the freeze needed more than its 2 MB of memory/);
    await expectRetryPublishes(r0.id);
  });
});

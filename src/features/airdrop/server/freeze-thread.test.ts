import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { describe, expect, it } from "vitest";
import { tierFor } from "@/features/points/server";
import type { Ineligible } from "../allocation";
import {
  computeFreeze,
  type FreezeInput,
  type FrozenSource,
  inProcessSource,
  type RowBatch,
  tierIndexOf,
} from "./freeze-compute";
import { FreezeThreadError, startFreezeThread } from "./freeze-worker";
import { LEAF_ENCODING, type Leaf } from "./tree";

/**
 * The freeze thread (freeze-worker.ts) gives exactly what the same freeze computed in-process gives:
 * same summary, root, rows, proofs, ineligible list and dump bytes, for a fixed participant set with
 * tiers, multipliers, a cap, exclusions and participants below the minimum. And its failures (an
 * error, the memory limit, the thread stopped) reject with a FreezeThreadError.
 */

const TIERS = [
  { name: "Bronze", min: 0 },
  { name: "Silver", min: 500 },
  { name: "Gold", min: 2000 },
  { name: "Platinum", min: 5000 },
];
const addr = (i: number) => `0x${(i * 2654435761).toString(16).padStart(40, "0").slice(-40)}`;

function input(n: number, extra: Partial<FreezeInput> = {}): FreezeInput {
  const addresses = Array.from({ length: n }, (_, i) => addr(i + 1)).sort();
  return {
    pairs: addresses.map((a, i) => `${a}:${1 + ((i * 7919) % 6000)}`).join(","),
    tiers: TIERS,
    excluded: [addresses[3] as string, addresses[10] as string],
    rule: {
      minPoints: 50,
      capPerAddress: "1000000000000000000",
      tierMultipliers: { Gold: 15000, Platinum: 20000 },
    },
    total: "1000000000000000000000",
    ...extra,
  };
}

async function drain(source: FrozenSource) {
  const rows: RowBatch[] = [];
  const ineligible: Ineligible[][] = [];
  const chunks: string[] = [];
  for await (const b of source.rows()) rows.push(b);
  for await (const b of source.ineligible()) ineligible.push(b);
  for await (const c of source.treeChunks()) chunks.push(c);
  return { rows, ineligible, chunks };
}

const OPTS = { rowsPerBatch: 97, treeChunkChars: 4096 };

// Each case starts a thread, which loads its TypeScript through tsx (freeze-thread.mjs): seconds on a busy machine.
describe("the freeze thread", { timeout: 60_000 }, () => {
  it("gives byte for byte what the in-process freeze gives (root, rows, proofs, ineligible, dump)", async () => {
    const data = input(2_000);
    const local = computeFreeze(data);
    expect(local.tree).not.toBeNull();
    expect(local.result.cappedCount).toBeGreaterThan(0);
    expect(local.result.ineligible.map((x) => x.reason).sort()).toContain("excluded");
    const expected = await drain(inProcessSource({ result: local.result, tree: local.tree! }, OPTS));

    const thread = startFreezeThread(data, { ...OPTS, maxMb: 256 });
    try {
      expect(await thread.summary).toEqual(local.summary);
      const got = await drain(thread.source);
      expect(got).toEqual(expected);
      expect(got.rows.length).toBe(Math.ceil(local.summary.recipients / OPTS.rowsPerBatch));
      expect(got.chunks.length).toBeGreaterThan(10);
      // And both are the library's own tree: same dump text, root and proofs.
      const values: Leaf[] = local.result.allocations.map((a, i) => [
        String(i),
        a.address,
        a.amount.toString(),
      ]);
      const lib = StandardMerkleTree.of(values, [...LEAF_ENCODING]);
      expect(got.chunks.join("")).toBe(JSON.stringify(lib.dump()));
      expect(local.summary.root).toBe(lib.root);
      const proofs = got.rows.flatMap((b) => b.proof.map((p) => JSON.parse(p) as string[]));
      proofs.forEach((p, i) => {
        expect(p).toEqual(lib.getProof(i));
      });
    } finally {
      await thread.close();
    }
  });

  it("answers a rule nobody meets or a cap too low with a summary and no tree", async () => {
    for (const extra of [
      { rule: { minPoints: 1_000_000, capPerAddress: null, tierMultipliers: {} } },
      { rule: { minPoints: 0, capPerAddress: "1", tierMultipliers: {} } },
      { pairs: null },
    ]) {
      const data = input(300, extra);
      const thread = startFreezeThread(data, { ...OPTS, maxMb: 256 });
      try {
        const summary = await thread.summary;
        expect(summary).toEqual(computeFreeze(data).summary);
        expect(summary.root).toBeNull();
      } finally {
        await thread.close();
      }
    }
  });

  it("an error in the thread rejects the freeze with it", async () => {
    // Not an address: the tree's leaf encoder throws (tree.ts), in the thread.
    const thread = startFreezeThread(
      input(10, { pairs: "0x12:5000", rule: { minPoints: 1, capPerAddress: null, tierMultipliers: {} } }),
      { ...OPTS, maxMb: 256 },
    );
    await expect(thread.summary).rejects.toThrow(
      new FreezeThreadError("the freeze thread failed: Not an address: 0x12"),
    );
    await expect(drain(thread.source)).rejects.toBeInstanceOf(FreezeThreadError);
    await thread.close();
  });

  it("a freeze over its memory limit stops with an error that names the limit", async () => {
    const thread = startFreezeThread(input(200_000), { ...OPTS, maxMb: 16 });
    await expect(thread.summary).rejects.toThrow(
      /^the freeze needed more than its 16 MB of memory \(AIRDROP_FREEZE_MEMORY_MB\): /,
    );
    await thread.close();
  });

  it("a thread that stops midway fails the pulls in progress and after", async () => {
    let worker!: import("node:worker_threads").Worker;
    const thread = startFreezeThread(input(2_000), {
      ...OPTS,
      maxMb: 256,
      onThread: (w) => {
        worker = w;
      },
    });
    await thread.summary;
    const rows = thread.source.rows()[Symbol.asyncIterator]();
    expect((await rows.next()).done).toBe(false);
    await worker.terminate();
    await expect(rows.next()).rejects.toThrow(
      new FreezeThreadError("the freeze thread stopped unexpectedly (exit code 1)"),
    );
    await expect(drain(thread.source)).rejects.toBeInstanceOf(FreezeThreadError);
    await thread.close();
  });
});

describe("tierIndexOf", () => {
  it("picks the tier the points feature's tierFor calls current", () => {
    for (const points of [0, 1, 499, 500, 501, 1999, 2000, 4999, 5000, 5001, 1e9]) {
      expect(TIERS[tierIndexOf(points, TIERS)]).toEqual(tierFor(points, TIERS).current);
    }
  });
});

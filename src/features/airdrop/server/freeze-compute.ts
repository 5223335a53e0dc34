import {
  type Allocation,
  type AllocationResult,
  allocate,
  type Ineligible,
  type Participant,
} from "../allocation";
import { buildTree, proofOfLeaf, type RoundTree } from "./tree";
import { dumpChunks } from "./tree-json";

/**
 * The CPU-heavy half of a freeze (docs/airdrop.md "Publishing"): snapshot text → participants →
 * allocation → tree → the rows, proofs and dump chunks to store, as bounded batches. No database,
 * no config, no server-only import: the freeze thread (freeze-thread.ts) runs it off the process's
 * main thread, and tests and bench/airdrop.ts run the very same functions in-process, so both give
 * the same bytes (freeze-thread.test.ts compares them).
 */

/** Plain data only (it crosses to the thread by structured clone). */
export type FreezeInput = {
  /** `address:points,…` in address order, as participants.ts `snapshotPairs` reads it; null = nobody. */
  pairs: string | null;
  /** The round's tiers (rounds.ts `roundTiers`): names with their minimum points, increasing. */
  tiers: readonly { name: string; min: number }[];
  excluded: readonly string[];
  rule: {
    minPoints: number;
    capPerAddress: string | null;
    tierMultipliers: Readonly<Record<string, number>>;
  };
  /** Base units, decimal. */
  total: string;
};

/** What the freeze needs to decide before storing anything; `root` only when there is a tree. */
export type FreezeSummary = {
  recipients: number;
  ineligible: number;
  unallocated: string;
  root: string | null;
};

/** One INSERT's worth of allocation rows, one array per column (publish.ts expands them with `unnest`). */
export type RowBatch = {
  index: number[];
  address: string[];
  amount: string[];
  points: number[];
  tier: string[];
  multiplierBps: number[];
  capped: number[];
  /** Each leaf's proof as JSON text (the jsonb column). */
  proof: string[];
};

/** What is stored for a frozen round, pulled batch by batch (never all at once). */
export type FrozenSource = {
  rows(): AsyncIterable<RowBatch>;
  ineligible(): AsyncIterable<Ineligible[]>;
  treeChunks(): AsyncIterable<string>;
};

/**
 * The tier of a points total: the last of `tiers` (increasing `min`) it reaches — the `current` tier
 * of the points feature's `tierFor`, which the thread cannot import (that feature's entries are
 * server-only or carry components); freeze-compute.test.ts checks they agree.
 */
export function tierIndexOf(points: number, tiers: readonly { min: number }[]): number {
  let index = 0;
  for (let i = 0; i < tiers.length; i++) if (points >= (tiers[i]?.min ?? 0)) index = i;
  return index;
}

/** The snapshot text (`address:points` pairs, participants.ts) as participants. */
export function parseParticipants(pairs: string | null, tiers: FreezeInput["tiers"]): Participant[] {
  if (!pairs) return [];
  return pairs.split(",").map((pair) => {
    const colon = pair.indexOf(":");
    const points = Number(pair.slice(colon + 1));
    return {
      address: pair.slice(0, colon),
      points,
      tier: tiers[tierIndexOf(points, tiers)]?.name as string,
    };
  });
}

export type Frozen = { result: AllocationResult; tree: RoundTree | null; summary: FreezeSummary };

/**
 * Allocation and, when the round can be paid out (someone gets something, nothing is left over),
 * the tree. The freeze refuses the other cases with the summary alone (publish.ts).
 */
export function computeFreeze(input: FreezeInput): Frozen {
  const result = allocate(
    parseParticipants(input.pairs, input.tiers),
    {
      minPoints: input.rule.minPoints,
      capPerAddress: input.rule.capPerAddress === null ? null : BigInt(input.rule.capPerAddress),
      tierMultipliers: input.rule.tierMultipliers,
    },
    BigInt(input.total),
    new Set(input.excluded),
  );
  const payable = result.allocations.length > 0 && result.unallocated === 0n;
  const tree = payable ? buildTree(result.allocations) : null;
  return {
    result,
    tree,
    summary: {
      recipients: result.allocations.length,
      ineligible: result.ineligible.length,
      unallocated: result.unallocated.toString(),
      root: tree?.root ?? null,
    },
  };
}

/**
 * Allocation rows with their proofs, `size` rows a batch; proofs are made per batch, never all held
 * (a million of them are gigabytes of strings: tree.ts `proofOfLeaf`).
 */
export function* rowBatches(
  allocations: readonly Allocation[],
  tree: RoundTree,
  size: number,
): Generator<RowBatch> {
  for (let first = 0; first < allocations.length; first += size) {
    const batch = allocations.slice(first, first + size);
    const index = batch.map((_, j) => first + j);
    yield {
      index,
      address: batch.map((a) => a.address),
      amount: batch.map((a) => a.amount.toString()),
      points: batch.map((a) => a.points),
      tier: batch.map((a) => a.tier),
      multiplierBps: batch.map((a) => a.multiplierBps),
      capped: batch.map((a) => (a.capped ? 1 : 0)),
      proof: index.map((i) => JSON.stringify(proofOfLeaf(tree.dump, i))),
    };
  }
}

export function* ineligibleBatches(ineligible: readonly Ineligible[], size: number): Generator<Ineligible[]> {
  for (let i = 0; i < ineligible.length; i += size) yield ineligible.slice(i, i + size);
}

async function* each<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/**
 * The same batches from a freeze computed in this thread: tests and bench/airdrop.ts (which measures
 * the database work alone). The publish job uses the thread (freeze-worker.ts).
 */
export function inProcessSource(
  frozen: { result: Pick<AllocationResult, "allocations" | "ineligible">; tree: RoundTree },
  opts: { rowsPerBatch: number; treeChunkChars: number },
): FrozenSource {
  return {
    rows: () => each(rowBatches(frozen.result.allocations, frozen.tree, opts.rowsPerBatch)),
    ineligible: () => each(ineligibleBatches(frozen.result.ineligible, opts.rowsPerBatch)),
    treeChunks: () => each(dumpChunks(frozen.tree.dump, opts.treeChunkChars)),
  };
}

import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import fc from "fast-check";
import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import type { Allocation } from "../allocation";
import { buildTree, LEAF_ENCODING, type Leaf, proofOfLeaf } from "./tree";

const allocation = (address: string, amount: bigint): Allocation => ({
  address,
  amount,
  points: 1,
  tier: "Bronze",
  multiplierBps: 10_000,
  capped: false,
});

/** The reference: the library's own builder on the same values. */
function libraryDump(allocations: readonly Allocation[]) {
  const values: Leaf[] = allocations.map((a, i) => [String(i), a.address, a.amount.toString()]);
  return StandardMerkleTree.of(values, [...LEAF_ENCODING]).dump();
}

function expectSameAsLibrary(allocations: readonly Allocation[]) {
  const built = buildTree(allocations);
  const reference = libraryDump(allocations);
  expect(built.dump).toEqual(reference);
  expect(built.root).toBe(reference.tree[0]);
  // What tree.json serves (JSON) loads with the library, which re-validates every leaf and node.
  const loaded = StandardMerkleTree.load<Leaf>(JSON.parse(JSON.stringify(built.dump)));
  expect(loaded.root).toBe(built.root);
  for (let i = 0; i < allocations.length; i++) {
    const proof = proofOfLeaf(built.dump, i);
    const value = built.dump.values[i]?.value as Leaf;
    expect(value).toEqual([String(i), allocations[i]?.address, allocations[i]?.amount.toString()]);
    expect(StandardMerkleTree.verify(built.root, [...LEAF_ENCODING], value, proof)).toBe(true);
  }
}

const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
const MAX_UINT = 2n ** 256n - 1n;

const arbAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).chain((b) => {
  const lower = `0x${Buffer.from(b).toString("hex")}`;
  // Stored addresses are lower case; a checksummed one must hash the same way the library does.
  return fc.constantFrom(lower, getAddress(lower));
});
const arbAmount = fc.oneof(
  fc.bigInt({ min: 0n, max: 10n ** 24n }),
  fc.constantFrom(0n, 1n, MAX_UINT),
  fc.bigInt({ min: 0n, max: MAX_UINT }),
);
const arbAllocations = fc.array(
  fc.record({ address: arbAddress, amount: arbAmount }).map((x) => allocation(x.address, x.amount)),
  { minLength: 1, maxLength: 40 },
);

describe("buildTree", () => {
  it("gives the library's dump for 1, 2 and 3 leaves", () => {
    for (const n of [1, 2, 3]) {
      expectSameAsLibrary(
        Array.from({ length: n }, (_, i) => allocation(addr(i + 1), BigInt(1000 * (i + 1)))),
      );
    }
  });

  it("gives the library's dump, and verifiable proofs, for random allocations", () => {
    fc.assert(
      fc.property(arbAllocations, (allocations) => {
        expectSameAsLibrary(allocations);
      }),
      { seed: 0x7ee13, numRuns: 150 },
    );
    // The library's reference builder is slow: seconds on a loaded machine, not a result.
  }, 120_000);

  it("gives the library's dump for a few thousand leaves with equal amounts and repeated addresses", () => {
    // Equal amounts make the values differ only by index; repeated addresses are not deduplicated.
    const allocations = Array.from({ length: 3_001 }, (_, i) =>
      allocation(addr(1 + (i % 2_500)), i % 3 === 0 ? 10n ** 18n : BigInt(i) * 7_919n),
    );
    expectSameAsLibrary(allocations);
  }, 120_000);

  it("gives the library's dump for a few thousand random leaves", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ address: arbAddress, amount: arbAmount }).map((x) => allocation(x.address, x.amount)),
          { minLength: 2_000, maxLength: 4_000 },
        ),
        (allocations) => {
          expectSameAsLibrary(allocations);
        },
      ),
      // No shrinking: a failure is reported at once instead of after thousands of big rebuilds.
      { seed: 0x13, numRuns: 2, endOnFailure: true },
    );
  }, 120_000);

  it("refuses values the ABI encoding cannot hold instead of hashing something else", () => {
    // Buffer's hex writer stops silently at a bad digit: the encoder must check first.
    expect(() => buildTree([allocation("0x12", 1n)])).toThrow(TypeError);
    expect(() => buildTree([allocation(`0x${"g".repeat(40)}`, 1n)])).toThrow(TypeError);
    expect(() => buildTree([allocation(addr(1), -1n)])).toThrow(RangeError);
    expect(() => buildTree([allocation(addr(1), MAX_UINT + 1n)])).toThrow(RangeError);
  });

  it("refuses a proof for a leaf that does not exist", () => {
    const { dump } = buildTree([allocation(addr(1), 5n)]);
    expect(proofOfLeaf(dump, 0)).toEqual([]);
    expect(() => proofOfLeaf(dump, 1)).toThrow(RangeError);
    expect(() => proofOfLeaf(dump, -1)).toThrow(RangeError);
  });
});

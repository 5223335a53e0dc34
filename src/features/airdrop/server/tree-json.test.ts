import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTree, LEAF_ENCODING, type Leaf } from "./tree";
import { dumpChunks, TREE_CHUNK_CHARS } from "./tree-json";

const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

/** The library's own dump of `n` leaves: what tree.json must serve byte for byte. */
function libraryDump(n: number) {
  const values: Leaf[] = Array.from({ length: n }, (_, i) => [
    String(i),
    addr(i + 1),
    String(10n ** 18n * BigInt(i + 1)),
  ]);
  return StandardMerkleTree.of(values, [...LEAF_ENCODING]).dump();
}

function expectChunksOf(obj: object, size: number) {
  const chunks = [...dumpChunks(obj, size)];
  expect(chunks.join("")).toBe(JSON.stringify(obj));
  // Every chunk but the last reaches the size; none is empty.
  for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(size);
  for (const c of chunks) expect(c.length).toBeGreaterThan(0);
  return chunks;
}

describe("dumpChunks", () => {
  it("joins to JSON.stringify of the library's dump for every chunk size, with bounded chunks", () => {
    const dump = libraryDump(37);
    const whole = JSON.stringify(dump);
    for (const size of [1, 2, 7, 66, 100, 1000, whole.length - 1, whole.length, whole.length + 1]) {
      const chunks = expectChunksOf(dump, size);
      // A chunk overshoots the size by less than one piece (a leaf's value object at most).
      const longestPiece = Math.max(...dump.values.map((v) => JSON.stringify(v).length + 1));
      for (const c of chunks) expect(c.length).toBeLessThan(size + longestPiece);
    }
    expect([...dumpChunks(dump)]).toEqual([whole]); // 37 leaves: far below the default 1 MiB
  });

  it("cuts a dump bigger than the default size into several chunks that load with the library", {
    timeout: 60_000,
  }, () => {
    // ~2.2 MB of JSON; buildTree's dump is the library's (tree.test.ts), built in a fraction of the time.
    const { dump } = buildTree(
      Array.from({ length: 8_000 }, (_, i) => ({
        address: addr(i + 1),
        amount: 10n ** 18n * BigInt(i + 1),
        points: 1,
        tier: "Bronze",
        multiplierBps: 10_000,
        capped: false,
      })),
    );
    const chunks = expectChunksOf(dump, TREE_CHUNK_CHARS);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    const loaded = StandardMerkleTree.load(JSON.parse(chunks.join("")));
    expect(loaded.root).toBe(dump.tree[0]);
  });

  it("matches JSON.stringify on arbitrary JSON objects, arrays and sizes (seeded)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.array(fc.jsonValue()), fc.jsonValue())),
        fc.integer({ min: 1, max: 64 }),
        (obj, size) => {
          expect([...dumpChunks(obj, size)].join("")).toBe(JSON.stringify(obj));
        },
      ),
      { seed: 1324, numRuns: 300 },
    );
  });

  it("leaves out undefined keys and writes null for undefined array items, as JSON.stringify does", () => {
    const obj = { a: undefined, b: [1, undefined, "x"], c: { d: undefined }, e: [] };
    expect([...dumpChunks(obj, 3)].join("")).toBe(JSON.stringify(obj));
    expect([...dumpChunks({}, 5)].join("")).toBe("{}");
  });

  it("refuses a chunk size that is not positive", () => {
    for (const size of [0, -1, Number.NaN]) expect(() => [...dumpChunks({}, size)]).toThrow(RangeError);
  });
});

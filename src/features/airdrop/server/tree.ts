import { getProof, makeMerkleTree } from "@openzeppelin/merkle-tree/dist/core";
import type { StandardMerkleTreeData } from "@openzeppelin/merkle-tree/dist/standard";
import { type Address, bytesToHex, encodeAbiParameters, keccak256 } from "viem";
import type { Allocation } from "../allocation";

/** The leaf encoding MerkleDistributor checks (contracts/airdrop/MerkleDistributor.sol): index, account, amount. */
export const LEAF_ENCODING = ["uint256", "address", "uint256"] as const;

export type Leaf = [index: string, account: string, amount: string];

/** What tree.json serves: the library's `StandardMerkleTree.dump()` format, loadable with `StandardMerkleTree.load`. */
type TreeDump = StandardMerkleTreeData<Leaf>;
type RoundTree = { root: string; dump: TreeDump };

const LEAF_PARAMS = [{ type: "uint256" }, { type: "address" }, { type: "uint256" }] as const;

/**
 * The library's `standardLeafHash(LEAF_ENCODING, leaf)` = keccak256(keccak256(abi.encode(leaf))),
 * computed with viem: the library's own encoder validates every value through superstruct and
 * converts hex↔bytes around each keccak, which made a million leaves take minutes (docs/airdrop.md
 * "Publishing"). tree.test.ts asserts equality with `StandardMerkleTree.of` on random leaves.
 */
function leafHash(index: number, address: string, amount: bigint): string {
  // Lower case: the encoding does not depend on the case and viem then skips its checksum check.
  const encoded = encodeAbiParameters(LEAF_PARAMS, [BigInt(index), address.toLowerCase() as Address, amount]);
  return bytesToHex(keccak256(keccak256(encoded, "bytes"), "bytes"));
}

/**
 * The round's tree, exactly as `StandardMerkleTree.of(values, LEAF_ENCODING).dump()` would give it
 * (same root, node order, values and tree indices: tree.test.ts), without its per-leaf costs. The
 * Merkle tree itself is built by the library (`makeMerkleTree`, the function `StandardMerkleTree.of`
 * calls after sorting its leaf hashes; its default node hash), so there is no Merkle code of our own.
 * Values are decimal strings, so the dump is plain JSON that anyone can `StandardMerkleTree.load()`.
 */
export function buildTree(allocations: readonly Allocation[]): RoundTree {
  const n = allocations.length;
  const hashes: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const a = allocations[i] as Allocation;
    hashes[i] = leafHash(i, a.address, a.amount);
  }
  // The library sorts leaves by hash value with a stable sort; equal-length lower-case hex strings
  // compare as their values do, and the value index keeps it stable.
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((x, y) => {
    const hx = hashes[x] as string;
    const hy = hashes[y] as string;
    return hx < hy ? -1 : hx > hy ? 1 : x - y;
  });
  const tree = makeMerkleTree(order.map((i) => hashes[i] as string));
  const values: TreeDump["values"] = new Array(n);
  for (let leaf = 0; leaf < n; leaf++) {
    const i = order[leaf] as number;
    const a = allocations[i] as Allocation;
    values[i] = { value: [String(i), a.address, a.amount.toString()], treeIndex: tree.length - 1 - leaf };
  }
  return {
    root: tree[0] as string,
    dump: { format: "standard-v1", leafEncoding: [...LEAF_ENCODING], tree, values },
  };
}

/**
 * The proof of the leaf with this value index: the library's own `getProof` (its core module) on
 * the dump's node array. `StandardMerkleTree#getProof(i)` does the same walk but first re-hashes the
 * leaf through the slow encoder as a self-check; the tests verify every proof with
 * `StandardMerkleTree.verify` instead. Computed per chunk by the caller so a million proofs are never
 * held at once (20 fresh hex strings each: gigabytes).
 */
export function proofOfLeaf(dump: TreeDump, index: number): string[] {
  const v = dump.values[index];
  if (!v) throw new RangeError(`No leaf ${index}`);
  return getProof(dump.tree, v.treeIndex);
}

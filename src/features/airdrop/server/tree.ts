import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { getProof } from "@openzeppelin/merkle-tree/dist/core";
import type { Allocation } from "../allocation";

/** The leaf encoding MerkleDistributor checks (contracts/airdrop/MerkleDistributor.sol): index, account, amount. */
export const LEAF_ENCODING = ["uint256", "address", "uint256"] as const;

export type Leaf = [index: string, account: string, amount: string];

/**
 * The round's tree, built by the OpenZeppelin library (no Merkle code of our own). Values are
 * decimal strings, so `dump()` is plain JSON that anyone can `StandardMerkleTree.load()`.
 */
export function buildTree(allocations: readonly Allocation[]) {
  const values: Leaf[] = allocations.map((a, i) => [String(i), a.address, a.amount.toString()]);
  return StandardMerkleTree.of(values, [...LEAF_ENCODING]);
}

/**
 * Every leaf's proof, in value order. The library's own `getProof` (its core module), read from the
 * built tree; `StandardMerkleTree#getProof(i)` does the same walk but re-hashes and re-verifies each
 * leaf as a self-check, which costs ~0.5 ms per leaf: 10 minutes at a million. The integration test
 * verifies every stored proof with `StandardMerkleTree.verify` instead.
 */
export function allProofs(tree: StandardMerkleTree<Leaf>): string[][] {
  const { tree: nodes, values } = tree.dump();
  return values.map((v) => getProof(nodes, v.treeIndex));
}

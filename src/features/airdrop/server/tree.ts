import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
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

import { getProof, makeMerkleTree } from "@openzeppelin/merkle-tree/dist/core";
import { standardNodeHash } from "@openzeppelin/merkle-tree/dist/hashes";
import type { StandardMerkleTreeData } from "@openzeppelin/merkle-tree/dist/standard";
import { keccak256 } from "viem";
import type { Allocation } from "../allocation";

/** The leaf encoding MerkleDistributor checks (contracts/airdrop/MerkleDistributor.sol): index, account, amount. */
export const LEAF_ENCODING = ["uint256", "address", "uint256"] as const;

export type Leaf = [index: string, account: string, amount: string];

/** What tree.json serves: the library's `StandardMerkleTree.dump()` format, loadable with `StandardMerkleTree.load`. */
type TreeDump = StandardMerkleTreeData<Leaf>;
export type RoundTree = { root: string; dump: TreeDump };

const WORD = 32;
const MAX_UINT256 = 2n ** 256n - 1n;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * abi.encode(uint256 index, address account, uint256 amount) into `out` (three 32-byte words, each
 * value right-aligned): the same bytes as viem's `encodeAbiParameters` and the library's encoder
 * (tree.test.ts compares with `StandardMerkleTree.of`), written into one reused buffer because the
 * encoders build several hex strings per value: a million leaves made gigabytes of garbage.
 */
function encodeLeaf(out: Buffer, index: number, address: string, amount: bigint): void {
  if (!ADDRESS.test(address)) throw new TypeError(`Not an address: ${address}`);
  if (amount < 0n || amount > MAX_UINT256) throw new RangeError(`Not a uint256: ${amount}`);
  out.fill(0);
  out.writeUInt32BE(index, WORD - 4);
  out.write(address.slice(2), 2 * WORD - 20, 20, "hex");
  const hex = amount.toString(16);
  const even = hex.length % 2 ? `0${hex}` : hex;
  out.write(even, 3 * WORD - even.length / 2, even.length / 2, "hex");
}

/**
 * The library's node hash, with its result made a flat string at once. Its hex comes from
 * `hex += byte` (noble's bytesToHex): a chain of ~30 string pieces per node that lived until the
 * parent was hashed, long enough to reach the old generation, and made most of the publish job's
 * peak memory at a million leaves (docs/airdrop.md "Publishing"). `Number()` parses the string,
 * which makes V8 flatten it in place; the value itself is not used.
 */
const nodeHash: typeof standardNodeHash = (a, b) => {
  const h = standardNodeHash(a, b);
  Number(h);
  return h;
};

/**
 * The round's tree, exactly as `StandardMerkleTree.of(values, LEAF_ENCODING).dump()` would give it
 * (same root, node order, values and tree indices: tree.test.ts), without its per-leaf costs. The
 * Merkle tree itself is built by the library (`makeMerkleTree`, the function `StandardMerkleTree.of`
 * calls after sorting its leaf hashes, with its own node hash), so there is no Merkle code of our own.
 * Leaf hashes (the library's `standardLeafHash` = keccak256(keccak256(abi.encode(leaf)))) are packed
 * in one buffer, 32 bytes each, instead of a million hex strings.
 * Values are decimal strings, so the dump is plain JSON that anyone can `StandardMerkleTree.load()`.
 */
export function buildTree(allocations: readonly Allocation[]): RoundTree {
  const n = allocations.length;
  const packed = Buffer.allocUnsafe(n * WORD);
  const encoded = Buffer.alloc(3 * WORD);
  for (let i = 0; i < n; i++) {
    const a = allocations[i] as Allocation;
    encodeLeaf(encoded, i, a.address, a.amount);
    packed.set(keccak256(keccak256(encoded, "bytes"), "bytes"), i * WORD);
  }
  // The library sorts leaves by hash value with a stable sort; the value index keeps it stable.
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((x, y) => packed.compare(packed, y * WORD, y * WORD + WORD, x * WORD, x * WORD + WORD) || x - y);
  const leaves: string[] = new Array(n);
  for (let leaf = 0; leaf < n; leaf++) {
    const at = (order[leaf] as number) * WORD;
    leaves[leaf] = `0x${packed.toString("hex", at, at + WORD)}`;
  }
  const tree = makeMerkleTree(leaves, nodeHash);
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

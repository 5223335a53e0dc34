import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { type Address, type Hex, parseUnits } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  merkleDistributorAbi,
  merkleDistributorBytecode,
  testTokenAbi,
  testTokenBytecode,
} from "../../src/chain/generated";
import { type Chainish, expectRevert, startChain } from "./lib/harness";

let c: Chainish;
let token: Address;
let distributor: Address;
let endTime: bigint;
let tree: StandardMerkleTree<[bigint, string, bigint]>;
let snap: Hex;
const owner = () => c.accounts[0]!.address;
const bal = (who: Address) => c.read<bigint>(token, testTokenAbi, "balanceOf", [who]);

// Leaves as the airdrop feature builds them: (index, account, amount), OpenZeppelin standard encoding.
function leaves(): [bigint, string, bigint][] {
  const rows: [bigint, string, bigint][] = c.accounts
    .slice(1)
    .map((a, i) => [BigInt(i), a.address, parseUnits(String(i + 1), 18)]);
  // An index in the second bitmap word, to exercise index >> 8.
  rows.push([300n, c.accounts[1]!.address, parseUnits("7", 18)]);
  return rows;
}

function proofFor(index: bigint): { account: Address; amount: bigint; proof: Hex[] } {
  for (const [i, v] of tree.entries()) {
    if (v[0] === index) return { account: v[1] as Address, amount: v[2], proof: tree.getProof(i) as Hex[] };
  }
  throw new Error(`no leaf ${index}`);
}

beforeAll(async () => {
  c = await startChain();
  token = await c.deploy(testTokenAbi, testTokenBytecode, ["Airdrop", "AIR", 18, owner()]);
  tree = StandardMerkleTree.of(leaves(), ["uint256", "address", "uint256"]);
  endTime = (await c.now()) + 86_400n;
  distributor = await c.deploy(merkleDistributorAbi, merkleDistributorBytecode, [
    token,
    tree.root,
    endTime,
    owner(),
  ]);
  await c.write(token, testTokenAbi, "mint", [distributor, parseUnits("1000", 18)]);
});
afterAll(() => c?.stop());
beforeEach(async () => {
  snap = await c.snapshot();
});
afterEach(async () => {
  await c.revert(snap);
});

describe("MerkleDistributor", () => {
  it("pays a valid claim once, to the leaf's account, whoever submits it", async () => {
    const { account, amount, proof } = proofFor(2n);
    expect(await c.read(distributor, merkleDistributorAbi, "isClaimed", [2n])).toBe(false);
    // Submitted by someone else: the tokens still go to `account`.
    await c.write(distributor, merkleDistributorAbi, "claim", [2n, account, amount, proof], { from: 9 });
    expect(await bal(account)).toBe(amount);
    expect(await c.read(distributor, merkleDistributorAbi, "isClaimed", [2n])).toBe(true);
    expect(await c.read(distributor, merkleDistributorAbi, "isClaimed", [1n])).toBe(false);
    await expectRevert(
      c.write(distributor, merkleDistributorAbi, "claim", [2n, account, amount, proof]),
      "AlreadyClaimed",
    );
  });

  it("tracks indexes beyond the first bitmap word independently", async () => {
    const { account, amount, proof } = proofFor(300n);
    await c.write(distributor, merkleDistributorAbi, "claim", [300n, account, amount, proof]);
    expect(await c.read(distributor, merkleDistributorAbi, "isClaimed", [300n])).toBe(true);
    expect(await c.read(distributor, merkleDistributorAbi, "isClaimed", [44n])).toBe(false);
  });

  it("rejects a wrong proof, amount, account or index", async () => {
    const { account, amount, proof } = proofFor(3n);
    const other = proofFor(4n);
    const bad = [
      [3n, account, amount, other.proof],
      [3n, account, amount + 1n, proof],
      [3n, other.account, amount, proof],
      [4n, account, amount, proof],
      [3n, account, amount, []],
    ] as const;
    for (const args of bad) {
      await expectRevert(c.write(distributor, merkleDistributorAbi, "claim", [...args]), "InvalidProof");
    }
  });

  it("accepts claims up to endTime inclusive, refuses them after", async () => {
    const a = proofFor(0n);
    const b = proofFor(1n);
    await c.nextAt(endTime);
    await c.write(distributor, merkleDistributorAbi, "claim", [0n, a.account, a.amount, a.proof]);
    await c.nextAt(endTime + 1n);
    await expectRevert(
      c.write(distributor, merkleDistributorAbi, "claim", [1n, b.account, b.amount, b.proof]),
      "ClaimWindowFinished",
    );
  });

  it("lets only the owner withdraw the rest, and only after the deadline", async () => {
    // Its own distributor with a deadline a day after the chain's current time: evm_revert restores
    // blocks but not always Anvil's time offset, so an earlier test's time jump must not matter here.
    const end = (await c.now()) + 86_400n;
    const own = await c.deploy(merkleDistributorAbi, merkleDistributorBytecode, [
      token,
      tree.root,
      end,
      owner(),
    ]);
    await c.write(token, testTokenAbi, "mint", [own, parseUnits("1000", 18)]);
    const before = await bal(owner());
    await expectRevert(c.write(own, merkleDistributorAbi, "withdraw", [owner()]), "NoWithdrawDuringClaim");
    await c.mineAt(end);
    await expectRevert(c.write(own, merkleDistributorAbi, "withdraw", [owner()]), "NoWithdrawDuringClaim");
    await c.mineAt(end + 1n);
    await expectRevert(
      c.write(own, merkleDistributorAbi, "withdraw", [owner()], { from: 1 }),
      "OwnableUnauthorizedAccount",
    );
    await c.write(own, merkleDistributorAbi, "withdraw", [owner()]);
    expect(await bal(owner())).toBe(before + parseUnits("1000", 18));
    expect(await bal(own)).toBe(0n);
  });

  it("refuses a deadline in the past at deployment", async () => {
    const past = (await c.now()) - 1n;
    await expectRevert(
      c.deploy(merkleDistributorAbi, merkleDistributorBytecode, [token, tree.root, past, owner()]),
      "EndTimeInPast",
    );
  });
});

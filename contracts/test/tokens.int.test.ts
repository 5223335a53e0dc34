import { type Address, parseEther, parseEventLogs, parseSignature } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  testTokenAbi,
  testTokenBytecode,
  wrappedNativeAbi,
  wrappedNativeBytecode,
} from "../../src/chain/generated";
import { type Chainish, expectRevert, startChain } from "./lib/harness";

let c: Chainish;
let wn: Address;
let tusd: Address;
const addr = (i: number) => c.accounts[i]!.address;

beforeAll(async () => {
  c = await startChain();
  wn = await c.deploy(wrappedNativeAbi, wrappedNativeBytecode, ["Wrapped Aurum", "WAURUM"]);
  tusd = await c.deploy(testTokenAbi, testTokenBytecode, ["Test USD", "tUSD", 6, addr(0)]);
});
afterAll(() => c?.stop());

describe("WrappedNative", () => {
  it("wraps by deposit and by plain transfer, 1:1, and unwraps", async () => {
    expect(await c.read(wn, wrappedNativeAbi, "name")).toBe("Wrapped Aurum");
    expect(await c.read(wn, wrappedNativeAbi, "symbol")).toBe("WAURUM");
    expect(await c.read(wn, wrappedNativeAbi, "decimals")).toBe(18);
    const r = await c.write(wn, wrappedNativeAbi, "deposit", [], { from: 1, value: parseEther("2") });
    const [dep] = parseEventLogs({ abi: wrappedNativeAbi, logs: r.logs, eventName: "Deposit" });
    expect(dep?.args).toEqual({ dst: addr(1), wad: parseEther("2") });
    await c.receipt(
      await c.wallets[1]!.sendTransaction({
        account: c.accounts[1]!,
        chain: c.chain,
        to: wn,
        value: parseEther("1"),
      }),
    );
    expect(await c.read(wn, wrappedNativeAbi, "balanceOf", [addr(1)])).toBe(parseEther("3"));
    expect(await c.read(wn, wrappedNativeAbi, "totalSupply")).toBe(parseEther("3"));

    const before = await c.pub.getBalance({ address: addr(1) });
    const w = await c.write(wn, wrappedNativeAbi, "withdraw", [parseEther("3")], { from: 1 });
    const after = await c.pub.getBalance({ address: addr(1) });
    expect(after - before + w.gasUsed * w.effectiveGasPrice).toBe(parseEther("3"));
    expect(await c.pub.getBalance({ address: wn })).toBe(0n);
    await expectRevert(
      c.write(wn, wrappedNativeAbi, "withdraw", [1n], { from: 1 }),
      "ERC20InsufficientBalance",
    );
  });

  it("lets an owner transferFrom itself without allowance, others only with one (WETH9)", async () => {
    await c.write(wn, wrappedNativeAbi, "deposit", [], { from: 6, value: 10n });
    await c.write(wn, wrappedNativeAbi, "transferFrom", [addr(6), addr(7), 4n], { from: 6 });
    expect(await c.read(wn, wrappedNativeAbi, "balanceOf", [addr(7)])).toBe(4n);
    await expectRevert(
      c.write(wn, wrappedNativeAbi, "transferFrom", [addr(6), addr(7), 1n], { from: 7 }),
      "ERC20InsufficientAllowance",
    );
    await c.write(wn, wrappedNativeAbi, "approve", [addr(7), 3n], { from: 6 });
    await c.write(wn, wrappedNativeAbi, "transferFrom", [addr(6), addr(7), 3n], { from: 7 });
    expect(await c.read(wn, wrappedNativeAbi, "allowance", [addr(6), addr(7)])).toBe(0n);
  });
});

describe("TestToken", () => {
  it("has its decimals and is mintable by the owner only", async () => {
    expect(await c.read(tusd, testTokenAbi, "decimals")).toBe(6);
    await c.write(tusd, testTokenAbi, "mint", [addr(2), 5_000_000n]);
    expect(await c.read(tusd, testTokenAbi, "balanceOf", [addr(2)])).toBe(5_000_000n);
    await expectRevert(
      c.write(tusd, testTokenAbi, "mint", [addr(2), 1n], { from: 2 }),
      "OwnableUnauthorizedAccount",
    );
  });

  it("accepts an EIP-2612 permit and refuses an expired or replayed one", async () => {
    const owner = c.accounts[3]!;
    const spender = addr(4);
    const value = 123n;
    const sign = async (deadline: bigint) => {
      const nonce = await c.read<bigint>(tusd, testTokenAbi, "nonces", [owner.address]);
      const sig = await owner.signTypedData({
        domain: { name: "Test USD", version: "1", chainId: c.chain.id, verifyingContract: tusd },
        types: {
          Permit: [
            { name: "owner", type: "address" },
            { name: "spender", type: "address" },
            { name: "value", type: "uint256" },
            { name: "nonce", type: "uint256" },
            { name: "deadline", type: "uint256" },
          ],
        },
        primaryType: "Permit",
        message: { owner: owner.address, spender, value, nonce, deadline },
      });
      const { r, s, v } = parseSignature(sig);
      return [owner.address, spender, value, deadline, Number(v), r, s] as const;
    };
    const args = await sign((await c.now()) + 600n);
    await c.write(tusd, testTokenAbi, "permit", [...args], { from: 5 });
    expect(await c.read(tusd, testTokenAbi, "allowance", [owner.address, spender])).toBe(value);
    await expectRevert(c.write(tusd, testTokenAbi, "permit", [...args], { from: 5 }), "ERC2612InvalidSigner");
    const expired = await sign((await c.now()) - 1n);
    await expectRevert(
      c.write(tusd, testTokenAbi, "permit", [...expired], { from: 5 }),
      "ERC2612ExpiredSignature",
    );
  });
});

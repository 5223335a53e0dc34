import { type Address, encodeAbiParameters, encodeEventTopics, type Log, parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";
import {
  NOTHING_STAKED,
  planExit,
  rewardPaid,
  stakeSteps,
  stakeWithdrawn,
  unstakePlan,
  unwrapped,
} from "./plan";

const WAURUM = { symbol: "WAURUM", decimals: 18 };
const AURUM = { symbol: "AURUM", decimals: 18 };
const POOL = "0x00000000000000000000000000000000000000aa" as Address;
const TOKEN = "0x00000000000000000000000000000000000000bb" as Address;
const USER = "0x00000000000000000000000000000000000000cc" as Address;
const OTHER = "0x00000000000000000000000000000000000000dd" as Address;

function log(address: Address, topics: readonly unknown[], amount: bigint): Log<bigint, number, false> {
  return {
    address,
    topics: topics as [`0x${string}`, ...`0x${string}`[]],
    data: encodeAbiParameters([{ type: "uint256" }], [amount]),
    blockHash: "0x01",
    blockNumber: 1n,
    logIndex: 0,
    transactionHash: "0x02",
    transactionIndex: 0,
    removed: false,
  };
}
const poolEvent = (name: "RewardPaid" | "Withdrawn", user: Address, amount: bigint, address = POOL) =>
  log(address, encodeEventTopics({ abi: stakingRewardsAbi, eventName: name, args: { user } }), amount);
const withdrawal = (src: Address, wad: bigint, address = TOKEN) =>
  log(address, encodeEventTopics({ abi: wrappedNativeAbi, eventName: "Withdrawal", args: { src } }), wad);

describe("stakeSteps", () => {
  it("wraps native first, approves only the shortfall, then stakes", () => {
    expect(stakeSteps({ fromNative: true, allowance: 0n, amount: 5n })).toEqual(["wrap", "approve", "stake"]);
    expect(stakeSteps({ fromNative: false, allowance: 5n, amount: 5n })).toEqual(["stake"]);
    expect(stakeSteps({ fromNative: false, allowance: 4n, amount: 5n })).toEqual(["approve", "stake"]);
  });
  it("leaves out what an earlier attempt of the same request already confirmed", () => {
    expect(stakeSteps({ fromNative: true, allowance: 0n, amount: 5n, confirmed: ["wrap"] })).toEqual([
      "approve",
      "stake",
    ]);
    expect(stakeSteps({ fromNative: true, allowance: 5n, amount: 5n, confirmed: ["wrap"] })).toEqual([
      "stake",
    ]);
  });
});

describe("unstakePlan", () => {
  const amount = parseEther("1.500000707146370623");
  it("unwraps exactly the amount withdrawn, and says the native coin arrives", () => {
    expect(unstakePlan({ amount, unwrap: true, stakingToken: WAURUM, nativeToken: AURUM })).toEqual({
      steps: ["withdraw", "unwrap"],
      receive: { amount, symbol: "AURUM", decimals: 18 },
    });
  });
  it("keeps the wrapped token when unwrapping is off", () => {
    expect(unstakePlan({ amount, unwrap: false, stakingToken: WAURUM, nativeToken: AURUM })).toEqual({
      steps: ["withdraw"],
      receive: { amount, symbol: "WAURUM", decimals: 18 },
    });
  });
  it("after a confirmed withdraw only the unwrap is left, for the same amount", () => {
    expect(
      unstakePlan({
        amount,
        unwrap: true,
        stakingToken: WAURUM,
        nativeToken: AURUM,
        confirmed: ["withdraw"],
      }),
    ).toEqual({ steps: ["unwrap"], receive: { amount, symbol: "AURUM", decimals: 18 } });
  });
  it("never unwraps a pool whose token is not the wrapped native coin (LP)", () => {
    const lp = { symbol: "AURUM/tUSD LP", decimals: 18 };
    expect(unstakePlan({ amount, unwrap: true, stakingToken: lp, nativeToken: null })).toEqual({
      steps: ["withdraw"],
      receive: { amount, symbol: "AURUM/tUSD LP", decimals: 18 },
    });
  });
  it("refuses a zero or negative amount", () => {
    expect(() => unstakePlan({ amount: 0n, unwrap: true, stakingToken: WAURUM, nativeToken: AURUM })).toThrow(
      RangeError,
    );
    expect(() =>
      unstakePlan({ amount: -1n, unwrap: false, stakingToken: WAURUM, nativeToken: AURUM }),
    ).toThrow(RangeError);
  });
});

describe("planExit", () => {
  const shown = parseEther("6");
  const exitWith = (chain: bigint, over: Partial<Parameters<typeof planExit>[0]> = {}) =>
    planExit({
      shown,
      readStaked: async () => chain,
      unwrap: true,
      stakingToken: WAURUM,
      nativeToken: AURUM,
      ...over,
    });

  it("exits, then unwraps exactly the stake, and says the native coin arrives", async () => {
    expect(await exitWith(shown)).toEqual({
      steps: ["exit", "unwrap"],
      receive: { amount: shown, symbol: "AURUM", decimals: 18 },
      staked: shown,
      changed: false,
    });
  });

  it("plans with the fresh on-chain stake, not the one the page showed", async () => {
    // Another tab unstaked 1.5 since the last refetch: unwrapping the old 6 would revert.
    const fresh = parseEther("4.5");
    const plan = await exitWith(fresh);
    expect(plan.staked).toBe(fresh);
    expect(plan.receive.amount).toBe(fresh);
    expect(plan.changed).toBe(true);
    // ...or staked more (1 wei is enough to differ).
    expect((await exitWith(shown + 1n)).receive.amount).toBe(shown + 1n);
  });

  it("reads the stake once per plan, at planning time", async () => {
    let reads = 0;
    const values = [parseEther("6"), parseEther("2")];
    const readStaked = async () => values[reads++] ?? 0n;
    const first = planExit({ shown, readStaked, unwrap: true, stakingToken: WAURUM, nativeToken: AURUM });
    expect(reads).toBe(1);
    expect((await first).staked).toBe(parseEther("6"));
    const second = await planExit({
      shown,
      readStaked,
      unwrap: true,
      stakingToken: WAURUM,
      nativeToken: AURUM,
    });
    expect(second.staked).toBe(parseEther("2"));
    expect(reads).toBe(2);
  });

  it("keeps the wrapped token when unwrapping is off, and for pools of another token", async () => {
    expect(await exitWith(shown, { unwrap: false })).toMatchObject({
      steps: ["exit"],
      receive: { amount: shown, symbol: "WAURUM" },
    });
    const lp = { symbol: "AURUM/tUSD LP", decimals: 18 };
    expect(await exitWith(shown, { stakingToken: lp, nativeToken: null })).toMatchObject({
      steps: ["exit"],
      receive: { amount: shown, symbol: "AURUM/tUSD LP" },
    });
  });

  it("refuses when nothing is staked any more, and passes a failed read on", async () => {
    await expect(exitWith(0n)).rejects.toThrow(NOTHING_STAKED);
    await expect(
      planExit({
        shown,
        readStaked: () => Promise.reject(new Error("RPC down")),
        unwrap: true,
        stakingToken: WAURUM,
        nativeToken: AURUM,
      }),
    ).rejects.toThrow("RPC down");
  });
});

describe("amounts from receipts", () => {
  it("reads what the claim paid to this user from this pool only", () => {
    const logs = [
      poolEvent("RewardPaid", USER, 142_240_000n),
      poolEvent("RewardPaid", OTHER, 5n),
      poolEvent("RewardPaid", USER, 7n, TOKEN),
      poolEvent("Withdrawn", USER, parseEther("6")),
    ];
    expect(rewardPaid({ logs }, POOL, USER)).toBe(142_240_000n);
    expect(stakeWithdrawn({ logs }, POOL, USER)).toBe(parseEther("6"));
    expect(rewardPaid({ logs: [] }, POOL, USER)).toBe(0n);
  });
  it("reads the unwrapped amount from the wrapped token's Withdrawal event", () => {
    const logs = [withdrawal(USER, parseEther("1.5")), withdrawal(OTHER, 1n), withdrawal(USER, 9n, POOL)];
    expect(unwrapped({ logs }, TOKEN, USER)).toBe(parseEther("1.5"));
  });
});

import {
  type Abi,
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  getAddress,
  type Hex,
  parseEther,
  parseUnits,
  zeroAddress,
} from "viem";
import { describe, expect, it } from "vitest";
import {
  disperseAbi,
  merkleDistributorAbi,
  pairAbi,
  stakingRewardsAbi,
  testTokenAbi,
  wrappedNativeAbi,
} from "@/chain/generated";
import type { ChainEventRow } from "@/db/schema";
import { deriveActivity } from "./activity";
import { watchListFromDeployment } from "./contracts";
import { type BlockTx, decodeLog, dispersePayoutRows, nativeTransferRow, type RawLog } from "./decode";
import { fakeDeployment } from "./fixtures";

// Table-driven: each case is a transaction as the chain produces it (logs encoded with viem against
// the generated ABIs, calldata for the faucet's Disperse call), run through the indexer's own
// decoder (decodeLog / nativeTransferRow / dispersePayoutRows) and then deriveActivity.

const d = fakeDeployment();
const c = d.contracts;
const distributor = getAddress("0x00000000000000000000000000000000000000d1");
const watch = watchListFromDeployment(d, {
  nativeSymbol: "AURUM",
  nativeName: "Aurum",
  distributors: [{ address: distributor, token: c.tUSD.address, block: 1 }],
});
const me = getAddress("0x00000000000000000000000000000000000000aa");
const other = getAddress("0x00000000000000000000000000000000000000bb");
const faucet = getAddress("0x00000000000000000000000000000000000000fa");
const ctx = { watch, chainId: 99199, explorerUrl: "https://x.test/explorer", faucet: faucet.toLowerCase() };
const pairWT = d.pairs["WAURUM/tUSD"];
const pairWE = d.pairs["WAURUM/tETH"];
const TX = `0x${"cd".repeat(32)}` as Hex;

/** A pair's Swap args for `tokenIn` → the other token, in the pair's token0/token1 order. */
function swapArgs(pair: Address, tokenIn: Address, amountIn: bigint, amountOut: bigint, to: Address) {
  const role = watch.roles.get(pair.toLowerCase());
  if (role?.kind !== "pair") throw new Error("not a pair");
  const inIs0 = role.token0.toLowerCase() === tokenIn.toLowerCase();
  return {
    sender: c.router.address,
    amount0In: inIs0 ? amountIn : 0n,
    amount1In: inIs0 ? 0n : amountIn,
    amount0Out: inIs0 ? 0n : amountOut,
    amount1Out: inIs0 ? amountOut : 0n,
    to,
  };
}

type Ev = [address: Address, abi: Abi, eventName: string, args: Record<string, unknown>];
type Case = {
  name: string;
  from: Address;
  to: Address;
  value?: bigint;
  input?: Hex;
  events: Ev[];
  kind: string | null;
  transfers?: [string, string, string][];
};

function encode([address, abi, eventName, args]: Ev, logIndex: number): RawLog {
  const event = abi.find((x) => x.type === "event" && x.name === eventName) as Extract<
    Abi[number],
    { type: "event" }
  >;
  const unindexed = event.inputs.filter((i) => !i.indexed);
  return {
    address,
    topics: encodeEventTopics({ abi: [event], eventName, args } as never) as Hex[],
    data: encodeAbiParameters(
      unindexed,
      unindexed.map((i) => args[i.name!]),
    ),
    blockNumber: 42n,
    blockHash: `0x${"ab".repeat(32)}`,
    transactionHash: TX,
    transactionIndex: 0,
    logIndex,
  };
}

/** The rows the indexer would store for this transaction (ids added as the database would). */
function rowsOf(t: Case): ChainEventRow[] {
  const time = new Date("2026-03-01T12:00:00Z");
  const logs = t.events
    .map((e, i) => decodeLog(encode(e, i), { from: t.from, to: t.to, index: 0, blockTime: time }, watch))
    .filter((r) => r !== null);
  const tx: BlockTx = {
    hash: TX,
    from: t.from,
    to: t.to,
    value: t.value ?? 0n,
    input: t.input ?? "0x",
    transactionIndex: 0,
  };
  const block = { number: 42, hash: `0x${"ab".repeat(32)}`, time };
  const extra = t.value
    ? [nativeTransferRow(tx, block, "success"), ...dispersePayoutRows(tx, block, logs)]
    : [];
  return [...logs, ...extra].map((r, i) => ({ id: i + 1, ...r }) as ChainEventRow);
}

const tUSD = c.tUSD.address;
const W = c.wrappedNative.address;
const usd = (n: string) => parseUnits(n, 6);
const T = (a: Address, ev: string, args: Record<string, unknown>, abi: Abi = testTokenAbi as Abi): Ev => [
  a,
  abi,
  ev,
  args,
];
const transfer = (token: Address, from: Address, to: Address, value: bigint) =>
  T(token, "Transfer", { from, to, value });

const cases: Case[] = [
  {
    name: "tUSD → AURUM through the router (the router unwraps: shown as AURUM, not WAURUM)",
    from: me,
    to: c.router.address,
    events: [
      transfer(tUSD, me, pairWT, usd("10")),
      T(
        pairWT,
        "Swap",
        swapArgs(pairWT, tUSD, usd("10"), parseEther("5.98"), c.router.address),
        pairAbi as Abi,
      ),
      transfer(W, pairWT, c.router.address, parseEther("5.98")),
      T(W, "Withdrawal", { src: c.router.address, wad: parseEther("5.98") }, wrappedNativeAbi as Abi),
    ],
    kind: "swap",
    transfers: [
      ["out", "tUSD", usd("10").toString()],
      ["in", "AURUM", parseEther("5.98").toString()],
    ],
  },
  {
    name: "AURUM → tUSD: the paid native coin is AURUM",
    from: me,
    to: c.router.address,
    value: parseEther("1"),
    events: [
      T(W, "Deposit", { dst: c.router.address, wad: parseEther("1") }, wrappedNativeAbi as Abi),
      transfer(W, c.router.address, pairWT, parseEther("1")),
      T(pairWT, "Swap", swapArgs(pairWT, W, parseEther("1"), usd("1.6"), me), pairAbi as Abi),
      transfer(tUSD, pairWT, me, usd("1.6")),
    ],
    kind: "swap",
    transfers: [
      ["out", "AURUM", parseEther("1").toString()],
      ["in", "tUSD", usd("1.6").toString()],
    ],
  },
  {
    name: "tUSD → WAURUM → tETH: the middle hop nets out",
    from: me,
    to: c.router.address,
    events: [
      transfer(tUSD, me, pairWT, usd("10")),
      T(pairWT, "Swap", swapArgs(pairWT, tUSD, usd("10"), parseEther("6"), pairWE), pairAbi as Abi),
      transfer(W, pairWT, pairWE, parseEther("6")),
      T(pairWE, "Swap", swapArgs(pairWE, W, parseEther("6"), parseEther("0.003"), me), pairAbi as Abi),
      transfer(c.tETH.address, pairWE, me, parseEther("0.003")),
    ],
    kind: "swap",
    transfers: [
      ["out", "tUSD", usd("10").toString()],
      ["in", "tETH", parseEther("0.003").toString()],
    ],
  },
  {
    name: "wrap (deposit on the wrapped token): not a send to the contract",
    from: me,
    to: W,
    value: parseEther("2"),
    events: [T(W, "Deposit", { dst: me, wad: parseEther("2") }, wrappedNativeAbi as Abi)],
    kind: "wrap",
    transfers: [
      ["out", "AURUM", parseEther("2").toString()],
      ["in", "WAURUM", parseEther("2").toString()],
    ],
  },
  {
    name: "unwrap",
    from: me,
    to: W,
    events: [T(W, "Withdrawal", { src: me, wad: parseEther("0.5") }, wrappedNativeAbi as Abi)],
    kind: "unwrap",
    transfers: [
      ["out", "WAURUM", parseEther("0.5").toString()],
      ["in", "AURUM", parseEther("0.5").toString()],
    ],
  },
  {
    name: "add liquidity with AURUM (the router's refund is not counted as paid)",
    from: me,
    to: c.router.address,
    value: parseEther("2"),
    events: [
      transfer(tUSD, me, pairWT, usd("3")),
      T(W, "Deposit", { dst: c.router.address, wad: parseEther("1.5") }, wrappedNativeAbi as Abi),
      transfer(W, c.router.address, pairWT, parseEther("1.5")),
      transfer(pairWT, zeroAddress, me, parseEther("2.1")),
      T(pairWT, "Mint", { sender: c.router.address, amount0: 1n, amount1: 1n }, pairAbi as Abi),
      T(pairWT, "Sync", { reserve0: 1n, reserve1: 1n }, pairAbi as Abi),
    ],
    kind: "liquidity_add",
    transfers: [
      ["out", "tUSD", usd("3").toString()],
      ["out", "AURUM", parseEther("1.5").toString()],
      ["in", "WAURUM/tUSD LP", parseEther("2.1").toString()],
    ],
  },
  {
    name: "remove liquidity to AURUM + tUSD",
    from: me,
    to: c.router.address,
    events: [
      transfer(pairWT, me, pairWT, parseEther("1")),
      transfer(pairWT, pairWT, zeroAddress, parseEther("1")),
      T(
        pairWT,
        "Burn",
        { sender: c.router.address, amount0: 1n, amount1: 1n, to: c.router.address },
        pairAbi as Abi,
      ),
      transfer(W, pairWT, c.router.address, parseEther("0.7")),
      transfer(tUSD, pairWT, c.router.address, usd("1.4")),
      T(W, "Withdrawal", { src: c.router.address, wad: parseEther("0.7") }, wrappedNativeAbi as Abi),
      transfer(tUSD, c.router.address, me, usd("1.4")),
    ],
    kind: "liquidity_remove",
    transfers: [
      ["out", "WAURUM/tUSD LP", parseEther("1").toString()],
      ["in", "tUSD", usd("1.4").toString()],
      ["in", "AURUM", parseEther("0.7").toString()],
    ],
  },
  {
    name: "stake WAURUM",
    from: me,
    to: c.stakingWAURUM.address,
    events: [
      transfer(W, me, c.stakingWAURUM.address, parseEther("1")),
      T(c.stakingWAURUM.address, "Staked", { user: me, amount: parseEther("1") }, stakingRewardsAbi as Abi),
    ],
    kind: "stake",
    transfers: [["out", "WAURUM", parseEther("1").toString()]],
  },
  {
    name: "claim staking rewards",
    from: me,
    to: c.stakingWAURUM.address,
    events: [
      transfer(tUSD, c.stakingWAURUM.address, me, usd("0.25")),
      T(c.stakingWAURUM.address, "RewardPaid", { user: me, reward: usd("0.25") }, stakingRewardsAbi as Abi),
    ],
    kind: "reward",
    transfers: [["in", "tUSD", usd("0.25").toString()]],
  },
  {
    name: "exit: unstake with the reward",
    from: me,
    to: c.stakingWAURUM.address,
    events: [
      T(
        c.stakingWAURUM.address,
        "Withdrawn",
        { user: me, amount: parseEther("1") },
        stakingRewardsAbi as Abi,
      ),
      T(c.stakingWAURUM.address, "RewardPaid", { user: me, reward: usd("0.25") }, stakingRewardsAbi as Abi),
    ],
    kind: "unstake",
    transfers: [
      ["in", "WAURUM", parseEther("1").toString()],
      ["in", "tUSD", usd("0.25").toString()],
    ],
  },
  {
    name: "faucet drip of AURUM (Disperse calldata, no per-recipient log)",
    from: faucet,
    to: c.disperse.address,
    value: parseEther("3"),
    input: encodeFunctionData({
      abi: disperseAbi,
      functionName: "disperseNative",
      args: [
        [other, me],
        [parseEther("2"), parseEther("1")],
      ],
    }),
    events: [
      T(
        c.disperse.address,
        "Dispersed",
        { token: zeroAddress, sender: faucet, paid: parseEther("3"), failed: 0n },
        disperseAbi as Abi,
      ),
    ],
    kind: "faucet",
    transfers: [["in", "AURUM", parseEther("1").toString()]],
  },
  {
    name: "another participant's Disperse batch paying me is a receive, not the faucet",
    from: other,
    to: c.disperse.address,
    value: parseEther("3"),
    input: encodeFunctionData({
      abi: disperseAbi,
      functionName: "disperseNative",
      args: [
        [faucet, me],
        [parseEther("2"), parseEther("1")],
      ],
    }),
    events: [
      T(
        c.disperse.address,
        "Dispersed",
        { token: zeroAddress, sender: other, paid: parseEther("3"), failed: 0n },
        disperseAbi as Abi,
      ),
    ],
    kind: "receive",
    transfers: [["in", "AURUM", parseEther("1").toString()]],
  },
  {
    name: "airdrop claim",
    from: me,
    to: distributor,
    events: [
      transfer(tUSD, distributor, me, usd("100")),
      T(distributor, "Claimed", { index: 3n, account: me, amount: usd("100") }, merkleDistributorAbi as Abi),
    ],
    kind: "claim",
    transfers: [["in", "tUSD", usd("100").toString()]],
  },
  {
    name: "a token send",
    from: me,
    to: tUSD,
    events: [transfer(tUSD, me, other, usd("12.5"))],
    kind: "send",
    transfers: [["out", "tUSD", usd("12.5").toString()]],
  },
  {
    name: "my own Disperse batch counts what left once: the payouts, not also the batch's value",
    from: me,
    to: c.disperse.address,
    value: parseEther("3"),
    input: encodeFunctionData({
      abi: disperseAbi,
      functionName: "disperseNative",
      args: [
        [other, faucet],
        [parseEther("2"), parseEther("1")],
      ],
    }),
    events: [
      // The failed payment is refunded to me in the same transaction.
      T(
        c.disperse.address,
        "PaymentFailed",
        { token: zeroAddress, recipient: faucet, amount: parseEther("1") },
        disperseAbi as Abi,
      ),
      T(
        c.disperse.address,
        "Dispersed",
        { token: zeroAddress, sender: me, paid: parseEther("2"), failed: parseEther("1") },
        disperseAbi as Abi,
      ),
    ],
    kind: "send",
    transfers: [["out", "AURUM", parseEther("2").toString()]],
  },
  {
    name: "someone else's swap is not mine",
    from: other,
    to: c.router.address,
    events: [
      transfer(tUSD, other, pairWT, usd("10")),
      T(pairWT, "Swap", swapArgs(pairWT, tUSD, usd("10"), parseEther("5"), other), pairAbi as Abi),
    ],
    kind: null,
  },
];

describe("deriveActivity on encoded transactions", () => {
  it.each(cases)("$name", (t) => {
    const a = deriveActivity(rowsOf(t), me, ctx);
    if (t.kind === null) {
      expect(a).toBeNull();
      return;
    }
    expect(a?.kind).toBe(t.kind);
    expect(a?.transfers.map((x) => [x.direction, x.symbol, x.quantity.numeric])).toEqual(t.transfers);
  });

  it("a send names the receiver, and the receiver sees a receive from the sender", () => {
    const rows = rowsOf(cases.find((x) => x.kind === "send")!);
    expect(deriveActivity(rows, me, ctx)).toMatchObject({
      kind: "send",
      counterparty: other.toLowerCase(),
      status: "confirmed",
      time: "2026-03-01T12:00:00.000Z",
      explorerUrl: `https://x.test/explorer/tx/${TX}`,
      metadata: { chain: "eip155:99199" },
    });
    const received = deriveActivity(rows, other.toUpperCase().replace("0X", "0x"), ctx)!;
    expect(received).toMatchObject({ kind: "receive", counterparty: me.toLowerCase() });
    expect(received.transfers[0]).toEqual({
      direction: "in",
      name: "Test USD",
      symbol: "tUSD",
      address: `eip155:99199:${tUSD}`,
      quantity: { decimals: "6", numeric: usd("12.5").toString() },
    });
  });

  it("a failed native send is reported as failed; nothing gives nothing", () => {
    const tx: BlockTx = { hash: TX, from: me, to: other, value: 1n, input: "0x", transactionIndex: 0 };
    const row = nativeTransferRow(tx, { number: 1, hash: "0xb", time: new Date(0) }, "failed");
    expect(deriveActivity([{ id: 1, ...row } as ChainEventRow], me, ctx)).toMatchObject({
      kind: "send",
      status: "failed",
    });
    expect(deriveActivity([], me, ctx)).toBeNull();
  });
});

import {
  type Abi,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  getAddress,
  type Hex,
  zeroAddress,
} from "viem";
import { describe, expect, it } from "vitest";
import { disperseAbi, pairAbi, stakingRewardsAbi, testTokenAbi } from "@/chain/generated";
import { watchListFromDeployment } from "./contracts";
import {
  type BlockTx,
  decodeLog,
  dispersePayoutRows,
  nativeTransferRow,
  type RawLog,
  type TxContext,
} from "./decode";
import { fakeDeployment } from "./fixtures";

const d = fakeDeployment();
const watch = watchListFromDeployment(d, { nativeSymbol: "AURUM", nativeName: "Aurum" });
const alice = getAddress("0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
const bob = getAddress("0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
const tx: TxContext = {
  from: alice,
  to: d.contracts.router.address,
  index: 3,
  blockTime: new Date("2026-02-03T04:05:06Z"),
};

function log(address: Hex, abi: Abi, eventName: string, args: Record<string, unknown>, logIndex = 7): RawLog {
  const event = abi.find((x) => x.type === "event" && x.name === eventName) as Extract<
    Abi[number],
    { type: "event" }
  >;
  const topics = encodeEventTopics({ abi: [event], eventName, args } as never);
  const data = encodeAbiParameters(
    event.inputs.filter((i) => !i.indexed),
    event.inputs.filter((i) => !i.indexed).map((i) => args[i.name!]),
  );
  return {
    address,
    topics: topics as Hex[],
    data,
    blockNumber: 42n,
    blockHash: `0x${"ab".repeat(32)}`,
    transactionHash: `0x${"cd".repeat(32)}`,
    transactionIndex: 3,
    logIndex,
  };
}

describe("decodeLog", () => {
  it("decodes an ERC-20 transfer with lower-case addresses and base units", () => {
    const row = decodeLog(
      log(d.contracts.tUSD.address, testTokenAbi as Abi, "Transfer", {
        from: alice,
        to: bob,
        value: 1_500_000n,
      }),
      tx,
      watch,
    );
    expect(row).toMatchObject({
      kind: "transfer",
      token: d.contracts.tUSD.address.toLowerCase(),
      fromAddress: alice.toLowerCase(),
      toAddress: bob.toLowerCase(),
      amount: "1500000",
      blockNumber: 42,
      txIndex: 3,
      logIndex: 7,
      txFrom: alice.toLowerCase(),
      status: "success",
    });
    expect(row?.args).toEqual({ from: alice.toLowerCase(), to: bob.toLowerCase(), value: "1500000" });
  });

  it("decodes pair swaps and staking events with their tokens", () => {
    const pair = d.pairs["WAURUM/tUSD"];
    const swap = decodeLog(
      log(pair, pairAbi as Abi, "Swap", {
        sender: d.contracts.router.address,
        amount0In: 5n,
        amount1In: 0n,
        amount0Out: 0n,
        amount1Out: 9n,
        to: alice,
      }),
      tx,
      watch,
    );
    expect(swap).toMatchObject({
      kind: "swap",
      toAddress: alice.toLowerCase(),
      args: { amount0In: "5", amount1Out: "9" },
    });
    const staked = decodeLog(
      log(d.contracts.stakingLP.address, stakingRewardsAbi as Abi, "Staked", { user: alice, amount: 10n }),
      tx,
      watch,
    );
    expect(staked).toMatchObject({
      kind: "stake",
      token: pair.toLowerCase(),
      fromAddress: alice.toLowerCase(),
      amount: "10",
    });
    const reward = decodeLog(
      log(d.contracts.stakingWAURUM.address, stakingRewardsAbi as Abi, "RewardPaid", {
        user: alice,
        reward: 3n,
      }),
      tx,
      watch,
    );
    expect(reward).toMatchObject({
      kind: "reward",
      token: d.contracts.tUSD.address.toLowerCase(),
      toAddress: alice.toLowerCase(),
    });
  });

  it("ignores unwatched contracts and events we do not keep", () => {
    expect(
      decodeLog(log(bob, testTokenAbi as Abi, "Transfer", { from: alice, to: bob, value: 1n }), tx, watch),
    ).toBeNull();
    expect(
      decodeLog(
        log(d.contracts.tUSD.address, testTokenAbi as Abi, "Approval", {
          owner: alice,
          spender: bob,
          value: 1n,
        }),
        tx,
        watch,
      ),
    ).toBeNull();
    const garbage = {
      ...log(d.contracts.tUSD.address, testTokenAbi as Abi, "Transfer", { from: alice, to: bob, value: 1n }),
      data: "0x" as Hex,
    };
    expect(decodeLog(garbage, tx, watch)).toBeNull();
  });
});

describe("native rows", () => {
  const block = { number: 42, hash: "0xABC", time: new Date("2026-02-03T04:05:06Z") };
  const disperseTx = (recipients: Hex[], values: bigint[]): BlockTx => ({
    hash: `0x${"ef".repeat(32)}`,
    from: alice,
    to: d.contracts.disperse.address,
    value: values.reduce((a, b) => a + b, 0n),
    input: encodeFunctionData({
      abi: disperseAbi,
      functionName: "disperseNative",
      args: [recipients, values],
    }),
    transactionIndex: 0,
  });

  it("a plain transfer gets log index -1 and the receipt's status", () => {
    const row = nativeTransferRow(
      { hash: "0x01", from: alice, to: bob, value: 5n, input: "0x", transactionIndex: 2 },
      block,
      "failed",
    );
    expect(row).toMatchObject({
      kind: "native_transfer",
      logIndex: -1,
      token: null,
      amount: "5",
      status: "failed",
      blockHash: "0xabc",
    });
  });

  it("native Disperse payouts come from calldata, minus failed payments", () => {
    const t = disperseTx([alice, bob, alice], [1n, 2n, 3n]);
    const txLogs = [
      { kind: "disperse", token: null, amount: "4" },
      { kind: "payment_failed", token: null, toAddress: bob.toLowerCase(), amount: "2" },
    ] as never;
    const rows = dispersePayoutRows(t, block, txLogs);
    expect(rows.map((r) => [r.toAddress, r.amount, r.logIndex])).toEqual([
      [alice.toLowerCase(), "1", -2],
      [alice.toLowerCase(), "3", -4],
    ]);
  });

  it("a Disperse call without a native Dispersed log (reverted, or a token batch) pays nobody natively", () => {
    const t = disperseTx([alice], [1n]);
    expect(dispersePayoutRows(t, block, [])).toEqual([]);
    expect(
      dispersePayoutRows(t, block, [
        { kind: "disperse", token: zeroAddress.slice(0, 2) + "1".repeat(40), amount: "1" },
      ] as never),
    ).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { ChainEventRow } from "@/db/schema";
import { deriveActivity } from "./activity";
import { watchListFromDeployment } from "./contracts";
import { fakeDeployment } from "./fixtures";

const d = fakeDeployment();
const watch = watchListFromDeployment(d, { nativeSymbol: "AURUM", nativeName: "Aurum" });
const ctx = { watch, chainId: 99199, explorerUrl: "https://x.test/explorer" };
const me = "0x00000000000000000000000000000000000000aa";
const other = "0x00000000000000000000000000000000000000bb";
const lc = (s: string) => s.toLowerCase();

let n = 0;
function row(p: Partial<ChainEventRow>): ChainEventRow {
  return {
    id: ++n,
    blockNumber: 10,
    blockHash: "0xb",
    blockTime: new Date("2026-03-01T12:00:00Z"),
    txHash: "0xt",
    txIndex: 0,
    logIndex: n,
    kind: "transfer",
    contract: null,
    token: null,
    fromAddress: null,
    toAddress: null,
    txFrom: me,
    txTo: null,
    amount: null,
    args: {},
    status: "success",
    ...p,
  };
}

describe("deriveActivity", () => {
  it("a token transfer is a send for the sender and a receive for the receiver", () => {
    const rows = [
      row({
        kind: "transfer",
        token: lc(d.contracts.tETH.address),
        fromAddress: me,
        toAddress: other,
        amount: "5",
      }),
    ];
    const sent = deriveActivity(rows, me, ctx)!;
    expect(sent).toMatchObject({
      kind: "send",
      counterparty: other,
      status: "confirmed",
      time: "2026-03-01T12:00:00.000Z",
    });
    expect(sent.transfers).toEqual([
      {
        direction: "out",
        name: "Test Ether",
        symbol: "tETH",
        address: `eip155:99199:${d.contracts.tETH.address}`,
        quantity: { decimals: "18", numeric: "5" },
      },
    ]);
    expect(deriveActivity(rows, other.toUpperCase().replace("0X", "0x"), ctx)).toMatchObject({
      kind: "receive",
      counterparty: me,
    });
  });

  it("payouts of a Disperse transaction are faucet rows for recipients", () => {
    const faucet = "0x00000000000000000000000000000000000000fa";
    const txTo = lc(d.contracts.disperse.address);
    const rows = [
      row({
        kind: "transfer",
        token: lc(d.contracts.tUSD.address),
        fromAddress: faucet,
        toAddress: me,
        amount: "100",
        txFrom: faucet,
        txTo,
      }),
      row({
        kind: "disperse",
        token: lc(d.contracts.tUSD.address),
        fromAddress: faucet,
        amount: "100",
        txFrom: faucet,
        txTo,
      }),
    ];
    const a = deriveActivity(rows, me, ctx)!;
    expect(a.kind).toBe("faucet");
    expect(a.transfers).toMatchObject([
      { direction: "in", symbol: "tUSD", quantity: { decimals: "6", numeric: "100" } },
    ]);
  });

  it("a swap nets the pair's amounts and shows paid native coin as the native symbol", () => {
    const pair = lc(d.pairs["WAURUM/tUSD"]);
    const role = watch.roles.get(pair);
    if (role?.kind !== "pair") throw new Error("pair role");
    const wrappedIs0 = lc(role.token0) === lc(d.contracts.wrappedNative.address);
    const swapArgs = wrappedIs0
      ? { amount0In: "100", amount1In: "0", amount0Out: "0", amount1Out: "7" }
      : { amount0In: "0", amount1In: "100", amount0Out: "7", amount1Out: "0" };
    const rows = [
      row({
        kind: "native_transfer",
        fromAddress: me,
        toAddress: lc(d.contracts.router.address),
        amount: "100",
        logIndex: -1,
      }),
      row({
        kind: "transfer",
        token: lc(d.contracts.tUSD.address),
        fromAddress: pair,
        toAddress: me,
        amount: "7",
      }),
      row({ kind: "swap", contract: pair, token: pair, args: swapArgs }),
      row({ kind: "sync", contract: pair, token: pair }),
    ];
    const a = deriveActivity(rows, me, ctx)!;
    expect(a.kind).toBe("swap");
    expect(a.transfers.map((t) => [t.direction, t.symbol, t.quantity.numeric])).toEqual(
      wrappedIs0
        ? [
            ["out", "AURUM", "100"],
            ["in", "tUSD", "7"],
          ]
        : [
            ["in", "tUSD", "7"],
            ["out", "AURUM", "100"],
          ],
    );
  });

  it("staking events become stake, unstake and reward", () => {
    const staking = lc(d.contracts.stakingWAURUM.address);
    const wrapped = lc(d.contracts.wrappedNative.address);
    const tUSD = lc(d.contracts.tUSD.address);
    expect(
      deriveActivity(
        [row({ kind: "stake", token: wrapped, fromAddress: me, toAddress: staking, amount: "9" })],
        me,
        ctx,
      )?.kind,
    ).toBe("stake");
    const exit = deriveActivity(
      [
        row({ kind: "unstake", token: wrapped, fromAddress: staking, toAddress: me, amount: "9" }),
        row({ kind: "reward", token: tUSD, fromAddress: staking, toAddress: me, amount: "2" }),
      ],
      me,
      ctx,
    )!;
    expect(exit.kind).toBe("unstake");
    expect(exit.transfers.map((t) => t.symbol)).toEqual(["WAURUM", "tUSD"]);
    expect(
      deriveActivity(
        [row({ kind: "reward", token: tUSD, fromAddress: staking, toAddress: me, amount: "2" })],
        me,
        ctx,
      )?.kind,
    ).toBe("reward");
  });

  it("a failed native send is reported as failed; unrelated rows give nothing", () => {
    const failed = deriveActivity(
      [
        row({
          kind: "native_transfer",
          fromAddress: me,
          toAddress: other,
          amount: "1",
          status: "failed",
          logIndex: -1,
        }),
      ],
      me,
      ctx,
    );
    expect(failed).toMatchObject({ kind: "send", status: "failed" });
    expect(deriveActivity([row({ kind: "sync", txFrom: other })], me, ctx)).toBeNull();
    expect(deriveActivity([], me, ctx)).toBeNull();
  });
});

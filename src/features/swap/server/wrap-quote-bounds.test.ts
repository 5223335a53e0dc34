// A wrap/unwrap is 1:1 (WrappedNative.deposit/withdraw, no price, no slippage): the quote's bounds are
// its exact amounts. They used to get the swap's slippage (an unwrap of 1 "cost at most" 1.01), which
// made the swap form refuse unwrapping one's whole balance typed as the amount to receive.
import { describe, expect, it } from "vitest";
import { fakeDeployment } from "@/features/indexer/testing";
import { buildTokenList } from "@/features/tokens";
import { quoteSwap } from "../quote";
import { buildSwapCall } from "../tx";
import { type Ctx, quoteEntry } from "./service";

const d = fakeDeployment();
const tokens = buildTokenList(d, { name: "Aurum", symbol: "AURUM" });
const byId = (id: string) => tokens.find((t) => t.id === id)!;
const ctx = { deployment: d, tokens, client: undefined } as unknown as Ctx;
const ONE = 10n ** 18n;

describe("GET /api/convert/quotes: wrap/unwrap slippage bounds", () => {
  it("exact-out unwrap: maximumSold is what the unwrap really costs (1:1), not +slippage", () => {
    const q = quoteSwap({
      tokens,
      pools: [],
      from: byId("WAURUM"),
      to: byId("native"),
      side: "exactOut",
      amount: ONE,
    });
    const entry = quoteEntry(ctx, q, 100);
    // The transaction that executes this quote burns exactly 1 WAURUM …
    const call = buildSwapCall(
      q,
      { router: d.contracts.router.address, wrappedNative: d.contracts.wrappedNative.address },
      {
        recipient: "0x0000000000000000000000000000000000000001",
        slippageBps: 100,
        deadline: 1n,
      },
    );
    expect(call.args).toEqual([ONE]);
    // … so the most it can cost is 1 WAURUM (it was 1.01).
    expect(entry.maximumSold).toBe(ONE.toString());
  });

  it("exact-out wrap: maximumSold equals the native value sent (1:1)", () => {
    const q = quoteSwap({
      tokens,
      pools: [],
      from: byId("native"),
      to: byId("WAURUM"),
      side: "exactOut",
      amount: ONE,
    });
    expect(quoteEntry(ctx, q, 100).maximumSold).toBe(ONE.toString());
  });

  it("exact-in wrap and unwrap: minimumReceived is the amount itself", () => {
    for (const [from, to] of [
      ["native", "WAURUM"],
      ["WAURUM", "native"],
    ] as const) {
      const q = quoteSwap({
        tokens,
        pools: [],
        from: byId(from),
        to: byId(to),
        side: "exactIn",
        amount: ONE,
      });
      expect(quoteEntry(ctx, q, 5_000)).toMatchObject({
        minimumReceived: ONE.toString(),
        maximumSold: ONE.toString(),
      });
    }
  });

  it("a priced swap keeps its slippage bounds", () => {
    const base = quoteSwap({
      tokens,
      pools: [],
      from: byId("native"),
      to: byId("WAURUM"),
      side: "exactIn",
      amount: ONE,
    });
    const swap = { ...base, kind: "swap" as const };
    expect(quoteEntry(ctx, swap, 100).minimumReceived).toBe(((ONE * 9_900n) / 10_000n).toString());
    const out = { ...swap, side: "exactOut" as const };
    expect(quoteEntry(ctx, out, 100).maximumSold).toBe(((ONE * 10_100n + 9_999n) / 10_000n).toString());
  });
});

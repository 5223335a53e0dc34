import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import { buildTokenList, type PoolState, sortTokens } from "@/features/tokens";
import { getAmountOut } from "./amm";
import { quoteSwap } from "./quote";
import { bestRoute, candidateRoutes } from "./routing";
import { approvalFor, buildSwapCall } from "./tx";

const A = "0x1000000000000000000000000000000000000001" as Address; // wrapped native
const U = "0x2000000000000000000000000000000000000002" as Address; // tUSD (6)
const E = "0x3000000000000000000000000000000000000003" as Address; // tETH
const pool = (address: string, a: Address, b: Address, ra: bigint, rb: bigint): PoolState => {
  const [token0, token1] = sortTokens(a, b);
  return {
    address: address as Address,
    token0,
    token1,
    reserve0: token0 === a ? ra : rb,
    reserve1: token0 === a ? rb : ra,
    totalSupply: 10n ** 18n,
  };
};
const e18 = 10n ** 18n;
const e6 = 10n ** 6n;
const seeded = [
  pool("0xa00000000000000000000000000000000000000a", A, U, 100_000n * e18, 200_000n * e6),
  pool("0xb00000000000000000000000000000000000000b", A, E, 150_000n * e18, 100n * e18),
  pool("0xc00000000000000000000000000000000000000c", E, U, 100n * e18, 300_000n * e6),
];

describe("candidateRoutes", () => {
  it("lists the direct path and every one-intermediate path", () => {
    const routes = candidateRoutes(seeded, A, U).map((r) => r.path);
    expect(routes).toEqual([
      [A, U],
      [A, E, U],
    ]);
    expect(candidateRoutes(seeded, A, A)).toEqual([]);
  });
});

describe("bestRoute", () => {
  it("takes the direct pool when it pays more", () => {
    const q = bestRoute(seeded, A, U, "exactIn", 10n * e18);
    expect(q.path).toEqual([A, U]);
    expect(q.amountOut).toBe(getAmountOut(10n * e18, 100_000n * e18, 200_000n * e6));
  });

  it("goes through an intermediate when the direct pool is thin", () => {
    const thin = [
      pool("0xa00000000000000000000000000000000000000a", A, U, 1_000n * e18, 2_000n * e6),
      ...seeded.slice(1),
    ];
    const q = bestRoute(thin, A, U, "exactIn", 100n * e18);
    expect(q.path).toEqual([A, E, U]);
    const direct = getAmountOut(100n * e18, 1_000n * e18, 2_000n * e6);
    expect(q.amountOut > direct).toBe(true);
  });

  it("minimises the input for exact-out and skips routes that cannot fill", () => {
    const q = bestRoute(seeded, A, U, "exactOut", 1_000n * e6);
    expect(q.amountOut).toBe(1_000n * e6);
    expect(q.path).toEqual([A, U]);
    // The thin direct pool cannot deliver 5,000 tUSD at all; the route through tETH can.
    const thin = [
      pool("0xa00000000000000000000000000000000000000a", A, U, 1_000n * e18, 2_000n * e6),
      ...seeded.slice(1),
    ];
    expect(bestRoute(thin, A, U, "exactOut", 5_000n * e6).path).toEqual([A, E, U]);
    expect(() => bestRoute(seeded, A, U, "exactOut", 600_000n * e6)).toThrow("Not enough liquidity");
  });
});

describe("quoteSwap + transactions", () => {
  const deployment = {
    chainId: 99199,
    contracts: {
      wrappedNative: { address: A },
      tUSD: { address: U },
      tETH: { address: E },
    },
    pairs: {},
  } as unknown as Parameters<typeof buildTokenList>[0];
  const tokens = buildTokenList(deployment, { name: "Aurum", symbol: "AURUM" });
  const [native, wrapped, usd] = tokens as [(typeof tokens)[0], (typeof tokens)[0], (typeof tokens)[0]];
  const c = { router: "0x9000000000000000000000000000000000000009" as Address, wrappedNative: A };
  const me = "0x00000000000000000000000000000000000000ee" as Address;

  it("wraps and unwraps 1:1 without the router", () => {
    const q = quoteSwap({ tokens, pools: seeded, from: native, to: wrapped, side: "exactIn", amount: 5n });
    expect(q.kind).toBe("wrap");
    const call = buildSwapCall(q, c, { recipient: me, slippageBps: 100, deadline: 1n });
    expect(call).toMatchObject({ to: A, value: 5n, functionName: "deposit" });
    const u = quoteSwap({ tokens, pools: seeded, from: wrapped, to: native, side: "exactIn", amount: 5n });
    expect(buildSwapCall(u, c, { recipient: me, slippageBps: 100, deadline: 1n }).functionName).toBe(
      "withdraw",
    );
    expect(approvalFor(u, c, 100)).toBeNull();
  });

  it("picks the router function by native side and direction", () => {
    const fn = (from: typeof native, to: typeof native, side: "exactIn" | "exactOut") =>
      buildSwapCall(
        quoteSwap({
          tokens,
          pools: seeded,
          from,
          to,
          side,
          amount: 10n ** BigInt((side === "exactIn" ? from : to).decimals),
        }),
        c,
        {
          recipient: me,
          slippageBps: 100,
          deadline: 1n,
        },
      ).functionName;
    expect(fn(native, usd, "exactIn")).toBe("swapExactETHForTokens");
    expect(fn(native, usd, "exactOut")).toBe("swapETHForExactTokens");
    expect(fn(usd, native, "exactIn")).toBe("swapExactTokensForETH");
    expect(fn(usd, native, "exactOut")).toBe("swapTokensForExactETH");
    expect(fn(usd, wrapped, "exactIn")).toBe("swapExactTokensForTokens");
    expect(fn(usd, wrapped, "exactOut")).toBe("swapTokensForExactTokens");
  });

  it("approves exactly what the router may pull", () => {
    const q = quoteSwap({
      tokens,
      pools: seeded,
      from: usd,
      to: native,
      side: "exactIn",
      amount: 1_000_000n,
    });
    expect(approvalFor(q, c, 100)).toEqual({ token: U, spender: c.router, amount: 1_000_000n });
    const out = quoteSwap({ tokens, pools: seeded, from: usd, to: native, side: "exactOut", amount: e18 });
    expect(approvalFor(out, c, 100)?.amount).toBe((out.amountIn * 10_100n + 9_999n) / 10_000n);
    const eth = quoteSwap({ tokens, pools: seeded, from: native, to: usd, side: "exactIn", amount: e18 });
    expect(approvalFor(eth, c, 100)).toBeNull();
  });

  it("sends native value = slippage maximum for exact-out from native (the router refunds the rest)", () => {
    const q = quoteSwap({
      tokens,
      pools: seeded,
      from: native,
      to: usd,
      side: "exactOut",
      amount: 100n * e6,
    });
    const call = buildSwapCall(q, c, { recipient: me, slippageBps: 50, deadline: 1n });
    expect(call.value).toBe((q.amountIn * 10_050n + 9_999n) / 10_000n);
  });

  it("refuses identical tokens", () => {
    expect(() =>
      quoteSwap({ tokens, pools: seeded, from: usd, to: usd, side: "exactIn", amount: 1n }),
    ).toThrow("Choose two different tokens");
  });
});

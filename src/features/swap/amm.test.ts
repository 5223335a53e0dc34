import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AmmError,
  getAmountIn,
  getAmountOut,
  getAmountsIn,
  getAmountsOut,
  lpFee,
  priceImpactBps,
} from "./amm";

// The pair's invariant after fees (Pair.sol `K` check): balances adjusted by 0.3 % of the input keep k.
const kHolds = (amountIn: bigint, amountOut: bigint, rIn: bigint, rOut: bigint) =>
  (rIn * 1000n + amountIn * 997n) * (rOut - amountOut) >= rIn * rOut * 1000n;

const reserve = fc.bigInt({ min: 1000n, max: 2n ** 112n - 1n });
const amount = fc.bigInt({ min: 1n, max: 10n ** 30n });

describe("getAmountOut", () => {
  it("matches Uniswap's worked example", () => {
    // 1 token into a 100/100 pool: 997*100 / (100*1000 + 997) = 0.987... → rounded down
    expect(getAmountOut(10n ** 18n, 100n * 10n ** 18n, 100n * 10n ** 18n)).toBe(987158034397061298n);
  });

  it("is the largest output the pair accepts (property)", () => {
    fc.assert(
      fc.property(amount, reserve, reserve, (a, rIn, rOut) => {
        const out = getAmountOut(a, rIn, rOut);
        expect(out < rOut).toBe(true);
        expect(kHolds(a, out, rIn, rOut)).toBe(true);
        if (out + 1n < rOut) expect(kHolds(a, out + 1n, rIn, rOut)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("rejects zero input and empty pools with the contract's error names", () => {
    expect(() => getAmountOut(0n, 1n, 1n)).toThrow(new AmmError("InsufficientInputAmount"));
    expect(() => getAmountOut(1n, 0n, 1n)).toThrow(new AmmError("InsufficientLiquidity"));
  });
});

describe("getAmountIn", () => {
  it("buys at least the requested output and 1 wei less would not (property)", () => {
    fc.assert(
      fc.property(reserve, reserve, fc.double({ min: 0.000001, max: 0.99, noNaN: true }), (rIn, rOut, f) => {
        const out = BigInt(Math.max(1, Math.floor(Number(rOut) * f))) % rOut || 1n;
        const inAmt = getAmountIn(out, rIn, rOut);
        expect(getAmountOut(inAmt, rIn, rOut) >= out).toBe(true);
        expect(kHolds(inAmt, out, rIn, rOut)).toBe(true);
        // The contract adds 1 after rounding down; two less can never be enough.
        if (inAmt > 2n) expect(kHolds(inAmt - 2n, out, rIn, rOut)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses to drain the pool", () => {
    expect(() => getAmountIn(100n, 1000n, 100n)).toThrow(new AmmError("InsufficientLiquidity"));
    expect(() => getAmountIn(0n, 1000n, 100n)).toThrow(new AmmError("InsufficientOutputAmount"));
  });
});

describe("multi-hop", () => {
  it("chains hops like the router", () => {
    const hops = [
      [10n ** 21n, 2n * 10n ** 11n],
      [3n * 10n ** 11n, 10n ** 20n],
    ] as const;
    const out = getAmountsOut(10n ** 18n, hops);
    expect(out).toHaveLength(3);
    expect(out[1]).toBe(getAmountOut(10n ** 18n, hops[0][0], hops[0][1]));
    expect(out[2]).toBe(getAmountOut(out[1]!, hops[1][0], hops[1][1]));
    const back = getAmountsIn(out[2]!, hops);
    expect(back[2]).toBe(out[2]);
    expect(back[0]! <= 10n ** 18n).toBe(true);
  });
});

describe("fees and impact", () => {
  it("charges 0.3 % per hop", () => {
    expect(lpFee(1_000_000n, 1)).toBe(3_000n);
    expect(lpFee(1_000_000n, 2)).toBe(5_991n);
  });

  it("grows with trade size and is ~0 for dust", () => {
    const r = 10n ** 24n;
    const small = 10n ** 15n;
    expect(priceImpactBps(small, getAmountOut(small, r, r), [[r, r]])).toBeLessThanOrEqual(1);
    const big = r / 10n; // 10 % of the pool → ~9 % impact
    const impact = priceImpactBps(big, getAmountOut(big, r, r), [[r, r]]);
    expect(impact).toBeGreaterThan(850);
    expect(impact).toBeLessThan(950);
  });
});

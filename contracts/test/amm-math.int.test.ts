import fc from "fast-check";
import { type Address, type Hex, isAddressEqual, maxUint256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factoryAbi, pairAbi, routerAbi, testTokenAbi, testTokenBytecode } from "../../src/chain/generated";
import * as model from "./lib/amm-model";
import { deadline, deployAmm } from "./lib/fixtures";
import { type Chainish, startChain } from "./lib/harness";

// Reserves from dust to near the uint112 cap; amounts likewise. The pair needs sqrt(a*b) > 1000.
const reserve = fc.bigInt({ min: 10_000n, max: 1n << 100n });
const amount = fc.bigInt({ min: 1n, max: 1n << 100n });

describe("AMM maths: BigInt model properties", () => {
  it("getAmountOut is the largest output the pair's K check accepts", () => {
    fc.assert(
      fc.property(reserve, reserve, amount, (rIn, rOut, amountIn) => {
        const out = model.getAmountOut(amountIn, rIn, rOut);
        expect(out).toBeLessThan(rOut);
        expect(model.kHolds(rIn, rOut, rIn + amountIn, rOut - out, amountIn, 0n)).toBe(true);
        expect(model.kHolds(rIn, rOut, rIn + amountIn, rOut - out - 1n, amountIn, 0n)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("getAmountIn never undercharges: paying it buys at least the output", () => {
    fc.assert(
      fc.property(reserve, reserve, amount, (rIn, rOut, want) => {
        fc.pre(want < rOut);
        const amountIn = model.getAmountIn(want, rIn, rOut);
        expect(model.getAmountOut(amountIn, rIn, rOut)).toBeGreaterThanOrEqual(want);
        expect(model.kHolds(rIn, rOut, rIn + amountIn, rOut - want, amountIn, 0n)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("a round trip never returns more than was put in", () => {
    fc.assert(
      fc.property(reserve, reserve, amount, (r0, r1, x) => {
        const out = model.getAmountOut(x, r0, r1);
        fc.pre(out > 0n);
        const back = model.getAmountOut(out, r1 - out, r0 + x);
        expect(back).toBeLessThan(x);
      }),
      { numRuns: 500 },
    );
  });

  it("adding then removing liquidity never returns more than was deposited", () => {
    fc.assert(
      fc.property(reserve, reserve, amount, amount, (r0, r1, a0, a1) => {
        const supply = model.sqrt(r0 * r1);
        fc.pre(supply > model.MINIMUM_LIQUIDITY);
        const lp = model.liquidityMinted(a0, a1, r0, r1, supply);
        fc.pre(lp > 0n);
        const [o0, o1] = model.burnAmounts(lp, r0 + a0, r1 + a1, supply + lp);
        expect(o0).toBeLessThanOrEqual(a0);
        expect(o1).toBeLessThanOrEqual(a1);
      }),
      { numRuns: 500 },
    );
  });
});

describe("AMM maths: chain agrees with the model", () => {
  let c: Chainish;
  let router: Address;
  let factory: Address;
  let t0: Address;
  let t1: Address;
  let pair: Address;
  let base: Hex;

  beforeAll(async () => {
    c = await startChain();
    const amm = await deployAmm(c);
    ({ router, factory } = amm);
    const me = c.accounts[0]!.address;
    const x = await c.deploy(testTokenAbi, testTokenBytecode, ["X", "X", 18, me]);
    const y = await c.deploy(testTokenAbi, testTokenBytecode, ["Y", "Y", 18, me]);
    for (const t of [x, y]) {
      await c.write(t, testTokenAbi, "mint", [me, 1n << 120n]);
      await c.write(t, testTokenAbi, "approve", [router, maxUint256]);
    }
    await c.write(factory, factoryAbi, "createPair", [x, y]);
    pair = await c.read<Address>(factory, factoryAbi, "getPair", [x, y]);
    t0 = await c.read<Address>(pair, pairAbi, "token0");
    t1 = isAddressEqual(t0, x) ? y : x;
    base = await c.snapshot();
  });
  afterAll(() => c?.stop());

  it("Router.getAmountOut / getAmountIn equal the model", async () => {
    await fc.assert(
      fc.asyncProperty(reserve, reserve, amount, async (rIn, rOut, a) => {
        expect(await c.read(router, routerAbi, "getAmountOut", [a, rIn, rOut])).toBe(
          model.getAmountOut(a, rIn, rOut),
        );
        if (a < rOut) {
          expect(await c.read(router, routerAbi, "getAmountIn", [a, rIn, rOut])).toBe(
            model.getAmountIn(a, rIn, rOut),
          );
        }
      }),
      { numRuns: 100 },
    );
  });

  it("real swaps move reserves exactly as the model says and never shrink K", async () => {
    const me = c.accounts[0]!.address;
    await fc.assert(
      fc.asyncProperty(
        reserve,
        reserve,
        amount,
        fc.boolean(),
        fc.boolean(),
        async (r0, r1, a, zeroForOne, exactIn) => {
          fc.pre(model.sqrt(r0 * r1) > model.MINIMUM_LIQUIDITY);
          await c.revert(base);
          base = await c.snapshot();
          await c.write(t0, testTokenAbi, "transfer", [pair, r0]);
          await c.write(t1, testTokenAbi, "transfer", [pair, r1]);
          await c.write(pair, pairAbi, "mint", [me]);
          const [rIn, rOut] = zeroForOne ? [r0, r1] : [r1, r0];
          const path = zeroForOne ? [t0, t1] : [t1, t0];
          let amountIn: bigint;
          let amountOut: bigint;
          if (exactIn) {
            amountIn = a;
            amountOut = model.getAmountOut(a, rIn, rOut);
            fc.pre(amountOut > 0n);
            await c.write(router, routerAbi, "swapExactTokensForTokens", [
              a,
              amountOut,
              path,
              me,
              await deadline(c),
            ]);
          } else {
            fc.pre(a < rOut);
            amountOut = a;
            amountIn = model.getAmountIn(a, rIn, rOut);
            fc.pre(rIn + amountIn <= model.MAX_RESERVE);
            await c.write(router, routerAbi, "swapTokensForExactTokens", [
              a,
              amountIn,
              path,
              me,
              await deadline(c),
            ]);
          }
          const [n0, n1] = await c.read<readonly [bigint, bigint, number]>(pair, pairAbi, "getReserves");
          const [nIn, nOut] = zeroForOne ? [n0, n1] : [n1, n0];
          expect(nIn).toBe(rIn + amountIn);
          expect(nOut).toBe(rOut - amountOut);
          expect(n0 * n1).toBeGreaterThanOrEqual(r0 * r1);
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});

import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import { type PoolState, sortTokens } from "./pools";
import { pricesFromPools, underlyingAmounts } from "./pricing";
import { buildTokenList, NATIVE_TOKEN_ADDRESS, parseCaipAddress } from "./tokens";

const A = "0x1000000000000000000000000000000000000001" as Address;
const U = "0x2000000000000000000000000000000000000002" as Address;
const E = "0x3000000000000000000000000000000000000003" as Address;
const pool = (
  address: string,
  a: Address,
  b: Address,
  ra: bigint,
  rb: bigint,
  supply = 10n ** 18n,
): PoolState => {
  const [token0, token1] = sortTokens(a, b);
  return {
    address: address as Address,
    token0,
    token1,
    reserve0: token0 === a ? ra : rb,
    reserve1: token0 === a ? rb : ra,
    totalSupply: supply,
  };
};
const e18 = 10n ** 18n;
const e6 = 10n ** 6n;
const decimals = new Map([
  [A.toLowerCase(), 18],
  [U.toLowerCase(), 6],
  [E.toLowerCase(), 18],
]);

describe("pricesFromPools", () => {
  it("prices tokens against tUSD through the pools (seed: 1 AURUM = 2 tUSD, 1 tETH = 3000 tUSD)", () => {
    const pools = [
      pool("0xa00000000000000000000000000000000000000a", A, U, 100_000n * e18, 200_000n * e6, 1_000n * e18),
      pool("0xb00000000000000000000000000000000000000b", A, E, 150_000n * e18, 100n * e18),
      pool("0xc00000000000000000000000000000000000000c", E, U, 100n * e18, 300_000n * e6),
    ];
    const p = pricesFromPools({ pools, decimals, usd: U });
    expect(p.get(U.toLowerCase())).toBe(1);
    expect(p.get(A.toLowerCase())).toBeCloseTo(2, 12);
    expect(p.get(E.toLowerCase())).toBeCloseTo(3000, 9);
    // LP: pool value 400,000 tUSD over 1,000 LP tokens
    expect(p.get("0xa00000000000000000000000000000000000000a")).toBeCloseTo(400, 9);
  });

  it("reaches tokens two hops away and leaves unpriceable ones out", () => {
    const pools = [
      pool("0xb00000000000000000000000000000000000000b", A, E, 1_500n * e18, e18),
      pool("0xa00000000000000000000000000000000000000a", A, U, e18, 2n * e6),
    ];
    const p = pricesFromPools({ pools, decimals, usd: U });
    expect(p.get(E.toLowerCase())).toBeCloseTo(3000, 9);
    const none = pricesFromPools({ pools: [pools[0]!], decimals, usd: U });
    expect(none.has(A.toLowerCase())).toBe(false);
  });

  it("splits an LP balance into its underlying amounts", () => {
    const p = pool("0xa00000000000000000000000000000000000000a", A, U, 100n, 200n, 10n);
    expect(underlyingAmounts(p, 5n)).toEqual({ amount0: 50n, amount1: 100n });
  });
});

describe("token list", () => {
  it("has native, wrapped native, tUSD and tETH in CAIP form", () => {
    const d = {
      chainId: 99199,
      contracts: { wrappedNative: { address: A }, tUSD: { address: U }, tETH: { address: E } },
      pairs: {},
    } as never;
    const list = buildTokenList(d, { name: "Aurum", symbol: "AURUM" });
    expect(list.map((t) => `${t.symbol}:${t.decimals}`)).toEqual([
      "AURUM:18",
      "WAURUM:18",
      "tUSD:6",
      "tETH:18",
    ]);
    expect(list[0]).toMatchObject({
      isNative: true,
      address: NATIVE_TOKEN_ADDRESS,
      caip: `eip155:99199:${NATIVE_TOKEN_ADDRESS}`,
    });
  });

  it("parses CAIP-10 addresses strictly", () => {
    expect(parseCaipAddress(`eip155:99199:${A}`)).toEqual({ ok: true, chainId: 99199, address: A });
    expect(parseCaipAddress(A)).toEqual({ ok: false, reason: "format" });
    expect(parseCaipAddress("eip155:99199:0x123")).toEqual({ ok: false, reason: "address" });
  });
});

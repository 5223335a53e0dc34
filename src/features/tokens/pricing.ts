import type { Address } from "viem";
import { otherToken, type PoolState, sameAddress } from "./pools";

/**
 * USD prices from pool reserves. The quote asset is tUSD (worth 1 by definition on the testnet);
 * every other token is priced through the pool that connects it to an already priced token, nearest
 * to tUSD first and, among equals, the deepest pool (most quote-side value), so one thin pool
 * cannot set the price. LP tokens are priced as pool value / LP supply.
 */
export type PriceInput = {
  pools: readonly PoolState[];
  decimals: ReadonlyMap<string, number>; // lower-case address → decimals
  usd: Address;
};

/** Map of lower-case token (or LP) address → USD per whole token. */
export type PriceMap = Map<string, number>;

const toUnits = (raw: bigint, decimals: number) => Number(raw) / 10 ** decimals;

export function pricesFromPools({ pools, decimals, usd }: PriceInput): PriceMap {
  const prices: PriceMap = new Map([[usd.toLowerCase(), 1]]);
  const dec = (a: Address) => decimals.get(a.toLowerCase());
  // Breadth-first from tUSD: each round prices tokens one hop further away.
  for (let round = 0; round < pools.length; round++) {
    const found = new Map<string, { price: number; depth: number }>();
    for (const pool of pools) {
      for (const known of [pool.token0, pool.token1]) {
        const knownPrice = prices.get(known.toLowerCase());
        const other = otherToken(pool, known);
        if (knownPrice === undefined || prices.has(other.toLowerCase())) continue;
        const dk = dec(known);
        const dOther = dec(other);
        if (dk === undefined || dOther === undefined) continue;
        const rKnown = sameAddress(pool.token0, known) ? pool.reserve0 : pool.reserve1;
        const rOther = sameAddress(pool.token0, known) ? pool.reserve1 : pool.reserve0;
        if (rKnown === 0n || rOther === 0n) continue;
        const depth = toUnits(rKnown, dk) * knownPrice;
        const price = (depth / toUnits(rOther, dOther)) as number;
        const prev = found.get(other.toLowerCase());
        if (!prev || depth > prev.depth) found.set(other.toLowerCase(), { price, depth });
      }
    }
    if (found.size === 0) break;
    for (const [k, v] of found) prices.set(k, v.price);
  }
  for (const pool of pools) {
    const p0 = prices.get(pool.token0.toLowerCase());
    const p1 = prices.get(pool.token1.toLowerCase());
    const d0 = dec(pool.token0);
    const d1 = dec(pool.token1);
    if (p0 === undefined || p1 === undefined || d0 === undefined || d1 === undefined) continue;
    if (pool.totalSupply === 0n) continue;
    const value = toUnits(pool.reserve0, d0) * p0 + toUnits(pool.reserve1, d1) * p1;
    prices.set(pool.address.toLowerCase(), value / toUnits(pool.totalSupply, 18));
  }
  return prices;
}

/** The underlying amounts an LP balance is worth (rounded down, as Pair.burn pays). */
export function underlyingAmounts(pool: PoolState, lpAmount: bigint): { amount0: bigint; amount1: bigint } {
  if (pool.totalSupply === 0n) return { amount0: 0n, amount1: 0n };
  return {
    amount0: (lpAmount * pool.reserve0) / pool.totalSupply,
    amount1: (lpAmount * pool.reserve1) / pool.totalSupply,
  };
}

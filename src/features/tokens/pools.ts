import type { Address } from "viem";

/** A constant-product pool as read from the chain (token0 < token1 by address, as the factory sorts them). */
export type PoolState = {
  address: Address;
  token0: Address;
  token1: Address;
  reserve0: bigint;
  reserve1: bigint;
  /** LP token supply (needed to price LP tokens and positions). */
  totalSupply: bigint;
};

/** Orders two token addresses the way the factory does (numerically, i.e. lower-case string order). */
export function sortTokens(a: Address, b: Address): [Address, Address] {
  return a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
}

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Reserves of `pool` oriented as (reserveIn of `tokenIn`, reserveOut of the other token). */
export function orientedReserves(pool: PoolState, tokenIn: Address): [bigint, bigint] {
  return sameAddress(pool.token0, tokenIn) ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0];
}

export function otherToken(pool: PoolState, token: Address): Address {
  return sameAddress(pool.token0, token) ? pool.token1 : pool.token0;
}

export function poolHas(pool: PoolState, token: Address): boolean {
  return sameAddress(pool.token0, token) || sameAddress(pool.token1, token);
}

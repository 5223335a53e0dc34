import type { Address } from "viem";
import { type PoolState, sameAddress, type Token } from "@/features/tokens";

export type PoolSide = { token: Token; reserve: bigint };

/** The two sides of a pool as the user trades them: the wrapped native side is shown as the native coin. */
export function sidesOf(
  pool: Pick<PoolState, "token0" | "token1" | "reserve0" | "reserve1">,
  tokens: readonly Token[],
): [PoolSide, PoolSide] {
  const side = (address: Address, reserve: bigint): PoolSide => {
    const native = tokens.find((t) => t.isNative && sameAddress(t.poolAddress, address));
    const token = native ?? tokens.find((t) => sameAddress(t.address, address));
    if (!token) throw new Error(`unknown pool token ${address}`);
    return { token, reserve };
  };
  return [side(pool.token0, pool.reserve0), side(pool.token1, pool.reserve1)];
}

export const pairLabel = (a: Token, b: Token) => `${a.symbol}/${b.symbol}`;

/** The other side of an add, following the pool ratio as Router.quote computes it (rounded down). */
export function quoteOtherSide(amount: bigint, from: PoolSide, to: PoolSide): bigint | null {
  return from.reserve > 0n ? (amount * to.reserve) / from.reserve : null;
}

/** LP tokens for a whole percentage of the position (null when the percentage is not 1–100). */
export function liquidityForPercent(lpBalance: bigint, percent: string): bigint | null {
  if (!/^\d+$/.test(percent)) return null;
  const pct = Number(percent);
  if (pct < 1 || pct > 100) return null;
  return (lpBalance * BigInt(pct)) / 100n;
}

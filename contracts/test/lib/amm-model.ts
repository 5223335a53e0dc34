/**
 * BigInt reference model of the Uniswap V2 maths the Pair and Router implement. Written from the V2
 * whitepaper formulas, independently of the Solidity, so the property tests compare two implementations.
 */

export const FEE_NUMERATOR = 997n;
export const FEE_DENOMINATOR = 1000n;
export const MINIMUM_LIQUIDITY = 1000n;
export const MAX_RESERVE = (1n << 112n) - 1n;

export type Pool = { reserveIn: bigint; reserveOut: bigint };

export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n) throw new Error("InsufficientInputAmount");
  if (reserveIn <= 0n || reserveOut <= 0n) throw new Error("InsufficientLiquidity");
  // out = floor(in * 0.997 * rOut / (rIn + in * 0.997)), scaled by 1000 to stay in integers.
  const inWithFee = amountIn * FEE_NUMERATOR;
  return (inWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + inWithFee);
}

export function getAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountOut <= 0n) throw new Error("InsufficientOutputAmount");
  if (reserveIn <= 0n || reserveOut <= 0n || amountOut >= reserveOut)
    throw new Error("InsufficientLiquidity");
  return (reserveIn * amountOut * FEE_DENOMINATOR) / ((reserveOut - amountOut) * FEE_NUMERATOR) + 1n;
}

export function getAmountsOut(amountIn: bigint, pools: Pool[]): bigint[] {
  const amounts = [amountIn];
  for (const p of pools) amounts.push(getAmountOut(amounts.at(-1)!, p.reserveIn, p.reserveOut));
  return amounts;
}

export function getAmountsIn(amountOut: bigint, pools: Pool[]): bigint[] {
  const amounts = [amountOut];
  for (const p of [...pools].reverse()) amounts.unshift(getAmountIn(amounts[0]!, p.reserveIn, p.reserveOut));
  return amounts;
}

/** The Pair's invariant check after a swap: fee-adjusted balances keep k from falling. */
export function kHolds(r0: bigint, r1: bigint, b0: bigint, b1: bigint, in0: bigint, in1: bigint): boolean {
  return (b0 * 1000n - in0 * 3n) * (b1 * 1000n - in1 * 3n) >= r0 * r1 * 1_000_000n;
}

export function sqrt(n: bigint): bigint {
  if (n < 0n) throw new Error("negative");
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/** LP tokens minted for a deposit; `supply` 0 means the first deposit. */
export function liquidityMinted(
  amount0: bigint,
  amount1: bigint,
  r0: bigint,
  r1: bigint,
  supply: bigint,
): bigint {
  if (supply === 0n) return sqrt(amount0 * amount1) - MINIMUM_LIQUIDITY;
  const a = (amount0 * supply) / r0;
  const b = (amount1 * supply) / r1;
  // biome-ignore lint/complexity/useMathMinMax: Math.min does not take bigint
  return a < b ? a : b;
}

/** Underlying paid out for burning `liquidity`. */
export function burnAmounts(liquidity: bigint, b0: bigint, b1: bigint, supply: bigint): [bigint, bigint] {
  return [(liquidity * b0) / supply, (liquidity * b1) / supply];
}

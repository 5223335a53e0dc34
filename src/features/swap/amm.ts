/**
 * Uniswap V2 maths, bit-for-bit what contracts/amm/AmmLibrary.sol computes (0.3 % fee; outputs round
 * down, inputs round up). Errors carry the Solidity error names so callers can map them alike.
 */
export const FEE_NUMERATOR = 997n;
export const FEE_DENOMINATOR = 1000n;

export class AmmError extends Error {
  constructor(
    readonly reason: "InsufficientInputAmount" | "InsufficientOutputAmount" | "InsufficientLiquidity",
  ) {
    super(reason);
    this.name = "AmmError";
  }
}

export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n) throw new AmmError("InsufficientInputAmount");
  if (reserveIn <= 0n || reserveOut <= 0n) throw new AmmError("InsufficientLiquidity");
  const amountInWithFee = amountIn * FEE_NUMERATOR;
  return (amountInWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + amountInWithFee);
}

export function getAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountOut <= 0n) throw new AmmError("InsufficientOutputAmount");
  if (reserveIn <= 0n || reserveOut <= 0n || amountOut >= reserveOut)
    throw new AmmError("InsufficientLiquidity");
  return (reserveIn * amountOut * FEE_DENOMINATOR) / ((reserveOut - amountOut) * FEE_NUMERATOR) + 1n;
}

/** Reserves of each hop, oriented (reserveIn, reserveOut) along the path. */
export type Hop = readonly [reserveIn: bigint, reserveOut: bigint];

export function getAmountsOut(amountIn: bigint, hops: readonly Hop[]): bigint[] {
  const amounts = [amountIn];
  for (const [rIn, rOut] of hops) amounts.push(getAmountOut(amounts[amounts.length - 1]!, rIn, rOut));
  return amounts;
}

export function getAmountsIn(amountOut: bigint, hops: readonly Hop[]): bigint[] {
  const amounts = [amountOut];
  for (let i = hops.length - 1; i >= 0; i--) {
    const [rIn, rOut] = hops[i]!;
    amounts.unshift(getAmountIn(amounts[0]!, rIn, rOut));
  }
  return amounts;
}

/** What `amountIn` would buy at the pools' mid prices after LP fees but with no price impact. */
export function idealAmountOut(amountIn: bigint, hops: readonly Hop[]): bigint {
  let x = amountIn;
  for (const [rIn, rOut] of hops) x = (x * FEE_NUMERATOR * rOut) / (FEE_DENOMINATOR * rIn);
  return x;
}

/**
 * Price impact in basis points (1 = 0.01 %): how much less the trade gets than the mid price would
 * give, excluding the LP fee (shown separately), like the Uniswap interface.
 */
export function priceImpactBps(amountIn: bigint, amountOut: bigint, hops: readonly Hop[]): number {
  const ideal = idealAmountOut(amountIn, hops);
  if (ideal <= 0n) return 0;
  const lost = ideal - amountOut;
  if (lost <= 0n) return 0;
  // Rounded up to the next 0.01 %, so a tiny non-zero impact never shows as 0.00 %.
  return Number((lost * 10_000n + ideal - 1n) / ideal);
}

/** The LP fee paid, in the input token: amountIn × (1 − 0.997^hops), rounded down. */
export function lpFee(amountIn: bigint, hopCount: number): bigint {
  let kept = amountIn;
  for (let i = 0; i < hopCount; i++) kept = (kept * FEE_NUMERATOR) / FEE_DENOMINATOR;
  return amountIn - kept;
}

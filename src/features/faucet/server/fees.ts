import type { Fees } from "./signing";

// Fee arithmetic of the sender (pure): the fees of a fresh transaction under the cap, and of a
// replacement for one that has been pending too long (docs/api.md "Operating the faucet").

/**
 * A replacement must raise both fees by this much over the transaction it replaces: geth asks for
 * 10 %, others for 12.5 %; asking the most means every node accepts it.
 */
export const BUMP_NUMERATOR = 1125n;
export const BUMP_DENOMINATOR = 1000n;

/** `value` raised by the minimum replacement bump, rounded up, and strictly above it (geth refuses equal). */
export function minReplacementFee(value: bigint): bigint {
  const bumped = (value * BUMP_NUMERATOR + BUMP_DENOMINATOR - 1n) / BUMP_DENOMINATOR;
  return max(bumped, value + 1n);
}

/** Fresh fees held under the cap, the tip never above the fee cap (an invalid transaction otherwise). */
export function capFees(fees: Fees, maxFeePerGas: bigint): Fees {
  const maxFee = min(fees.maxFeePerGas, maxFeePerGas);
  return { maxFeePerGas: maxFee, maxPriorityFeePerGas: min(fees.maxPriorityFeePerGas, maxFee) };
}

export type BumpResult =
  /** `limited`: the network estimate was above the cap, so the fees are the cap (still a valid bump). */
  | { kind: "bumped"; fees: Fees; limited: boolean }
  /** Not even the minimum bump fits under the cap: keep waiting on what was sent. */
  | { kind: "capped"; needed: Fees };

/**
 * The fees of a replacement (pure): each fee at least the minimum bump over `previous` and at least
 * what a fresh transaction would get now (`estimate`), the fee cap at most `maxFeePerGas`. Without
 * the estimate's floor a transaction priced far below a fee spike would need many bumps, a minute
 * each, to catch up; without the cap a spike could drain the faucet's gas money.
 */
export function bumpFees(input: { previous: Fees; estimate: Fees; maxFeePerGas: bigint }): BumpResult {
  const { previous, estimate, maxFeePerGas: cap } = input;
  const needed: Fees = {
    maxFeePerGas: minReplacementFee(previous.maxFeePerGas),
    maxPriorityFeePerGas: minReplacementFee(previous.maxPriorityFeePerGas),
  };
  // The tip is part of the fee cap: a replacement needs room for the bumped tip too.
  const floor = max(needed.maxFeePerGas, needed.maxPriorityFeePerGas);
  if (floor > cap) return { kind: "capped", needed };
  const tip = max(needed.maxPriorityFeePerGas, estimate.maxPriorityFeePerGas);
  const want = max(floor, estimate.maxFeePerGas, tip);
  const maxFee = min(want, cap);
  return {
    kind: "bumped",
    fees: { maxFeePerGas: maxFee, maxPriorityFeePerGas: min(tip, maxFee) },
    limited: want > cap,
  };
}

function max(...values: bigint[]): bigint {
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max does not take
  return values.reduce((a, b) => (b > a ? b : a));
}

function min(a: bigint, b: bigint): bigint {
  return b < a ? b : a;
}

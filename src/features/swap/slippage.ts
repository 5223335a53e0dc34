/**
 * Slippage is handled in basis points: 1 % = 100 bps. The seed's tolerance is 1 (percent);
 * custom values from 0.01 % to 50 % are accepted, as in the Uniswap interface.
 */
export const DEFAULT_SLIPPAGE_BPS = 100;
export const MIN_SLIPPAGE_BPS = 1;
export const MAX_SLIPPAGE_BPS = 5_000;
/** Above this the UI warns that the trade may be front-run. */
export const HIGH_SLIPPAGE_BPS = 500;
export const DEFAULT_DEADLINE_MINUTES = 20;
export const PRICE_IMPACT_WARNING_BPS = 500;
export const PRICE_IMPACT_BLOCKING_BPS = 1_500;

export type SlippageParse = { ok: true; bps: number } | { ok: false; message: string };

/** Parses a percentage typed by the user ("0.5", "1", "12.25"). */
export function parseSlippagePercent(input: string): SlippageParse {
  const s = input.trim().replace(",", ".");
  if (s === "") return { ok: false, message: "Enter a slippage tolerance" };
  if (!/^\d*\.?\d*$/.test(s) || s === ".") return { ok: false, message: "Enter a number, e.g. 0.5" };
  const [int = "", frac = ""] = s.split(".");
  if (frac.length > 2) return { ok: false, message: "Use at most 2 decimals" };
  const bps = Number(int || "0") * 100 + Number(frac.padEnd(2, "0") || "0");
  if (bps < MIN_SLIPPAGE_BPS) return { ok: false, message: "Slippage must be at least 0.01 %" };
  if (bps > MAX_SLIPPAGE_BPS) return { ok: false, message: "Slippage can be at most 50 %" };
  return { ok: true, bps };
}

/** The least the user accepts for an exact-in trade (rounded down). */
export function minimumReceived(amountOut: bigint, slippageBps: number): bigint {
  return (amountOut * BigInt(10_000 - slippageBps)) / 10_000n;
}

/** The most the user pays for an exact-out trade (rounded up). */
export function maximumSold(amountIn: bigint, slippageBps: number): bigint {
  return (amountIn * BigInt(10_000 + slippageBps) + 9_999n) / 10_000n;
}

export function deadlineFromNow(
  minutes = DEFAULT_DEADLINE_MINUTES,
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  return BigInt(nowSeconds + minutes * 60);
}

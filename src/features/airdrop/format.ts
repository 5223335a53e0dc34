import {
  DEFAULT_LOCALE,
  formatTokenAmount as formatBaseUnits,
  formatDateTime,
  formatInteger,
} from "@/lib/format";

/** An airdrop amount from base units (wire strings), through the one formatter (src/lib/format.ts). */
export function formatTokenAmount(base: string | bigint, decimals: number, locale = DEFAULT_LOCALE): string {
  return formatBaseUnits(BigInt(base), decimals, { locale });
}

/** "2d 03h 04m 05s" until `target` (ms), "0s" once passed. */
export function formatCountdown(targetMs: number, nowMs: number): string {
  let s = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  const d = Math.floor(s / 86_400);
  s -= d * 86_400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (d > 0) return `${d}d ${pad(h)}h ${pad(m)}m ${pad(s)}s`;
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

export const formatDate = (iso: string, locale = DEFAULT_LOCALE) => formatDateTime(iso, locale);

/** The contract's custom errors, explained (contracts/airdrop/MerkleDistributor.sol). */
export const CLAIM_ERRORS: Record<string, string> = {
  AlreadyClaimed: "This allocation has already been claimed. The tokens went to the eligible address.",
  InvalidProof:
    "The contract did not accept the proof for this allocation. Reload the page to fetch it again; if it persists, contact support.",
  ClaimWindowFinished: "The claim window has closed: claims are no longer accepted.",
};

/** A wallet error message → the explanation of the distributor error it names, if any. */
export function explainClaimError(message: string): string {
  for (const [name, text] of Object.entries(CLAIM_ERRORS)) if (message.includes(name)) return text;
  return message;
}

export const REASONS = {
  below_minimum: (points: number, min: number, locale = DEFAULT_LOCALE) =>
    `You had ${formatInteger(points, locale)} points at the snapshot; this round needs at least ${formatInteger(min, locale)}.`,
  excluded: () =>
    "Your address was excluded by the campaign's integrity review, so it is not part of this round. If you think this is a mistake, you can appeal.",
  no_points: () => "You had no points at the snapshot. Complete tasks to earn points for the next round.",
} as const;

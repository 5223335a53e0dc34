import {
  DEFAULT_LOCALE,
  formatTokenAmount as formatBaseUnits,
  formatDateTime,
  formatInteger,
} from "@/lib/format";
import type { Phase } from "./schema";

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

/**
 * The round's phase by this browser's clock: the server's `status` is as of the answer, so a card
 * whose countdown reaches 0 moves on to the claim (or to closed) without waiting for a refetch.
 */
export function phaseAt(r: { opensAt: string; deadline: string }, nowMs: number): Phase {
  if (nowMs < Date.parse(r.opensAt)) return "upcoming";
  return nowMs <= Date.parse(r.deadline) ? "open" : "closed";
}

/** A server message as one sentence: its own final punctuation, else a period (never ". ."). */
export function sentence(message: string): string {
  const m = message.trim();
  return /[.!?…]$/.test(m) ? m : `${m}.`;
}

export const formatDate = (iso: string, locale = DEFAULT_LOCALE) => formatDateTime(iso, locale);

export const REASONS = {
  below_minimum: (points: number, min: number, locale = DEFAULT_LOCALE) =>
    `You had ${formatInteger(points, locale)} points at the snapshot; this round needs at least ${formatInteger(min, locale)}.`,
  excluded: () =>
    "Your address was excluded by the campaign's integrity review, so it is not part of this round. If you think this is a mistake, you can appeal.",
  rounded_to_zero: (points: number, locale = DEFAULT_LOCALE) =>
    `You had ${formatInteger(points, locale)} points at the snapshot and met the rule, but your share of this round's total came to less than one unit of the token, so there is nothing to claim. Earn more points for the next round.`,
  no_points: () => "You had no points at the snapshot. Complete tasks to earn points for the next round.",
} as const;

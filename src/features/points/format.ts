import { DEFAULT_LOCALE, formatInteger } from "@/lib/format";

/** Points with thousands separators (points are whole numbers; strings on the wire). */
export function formatPoints(points: string | number | bigint, locale = DEFAULT_LOCALE): string {
  return formatInteger(BigInt(points), locale);
}

/**
 * A participant's place: "#3", or "Not ranked yet" before their first point — a rank computed
 * for 0 points ("#25" of 24) says nothing true about a brand-new account — or "Not ranked" when
 * there is no rank at all (`null`: an excluded participant, whatever their balance).
 */
export function rankLabel(balance: string | number | bigint, rank: number | null): string {
  if (rank === null) return "Not ranked";
  return BigInt(balance) > 0n ? `#${rank}` : "Not ranked yet";
}

/**
 * The referrer's bonus for one friend task credit: a whole-percent share, rounded down (points are
 * whole numbers; the SQL in server/bonus.ts computes the same `(points * percent) / 100` on integers).
 */
export function referralBonus(points: number, sharePercent: number): number {
  if (!Number.isSafeInteger(points) || points <= 0) return 0;
  if (!Number.isInteger(sharePercent) || sharePercent <= 0) return 0;
  return Math.floor((points * Math.min(sharePercent, 100)) / 100);
}

/** `0x1234…abcd` → `0x12••••abcd`: enough for a friend to recognise, not to copy. */
export function maskAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 4)}••••${address.slice(-4)}` : address;
}

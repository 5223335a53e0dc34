/**
 * The referrer's bonus for one friend task credit: a whole-percent share, rounded down (points are
 * whole numbers; the SQL in server/bonus.ts computes the same `(points * percent) / 100` on integers).
 */
export function referralBonus(points: number, sharePercent: number): number {
  if (!Number.isSafeInteger(points) || points <= 0) return 0;
  if (!Number.isInteger(sharePercent) || sharePercent <= 0) return 0;
  return Math.floor((points * Math.min(sharePercent, 100)) / 100);
}

/**
 * How a friend's address shows wherever the referrer sees it: its first `head` characters (`0x` and
 * two digits), `fill`, its last `tail`. `maskAddress` here and the reason of a referral bonus
 * (server/bonus.ts, in SQL, read by the points history) both use it.
 */
export const ADDRESS_MASK = { head: 4, fill: "••••", tail: 4 } as const;

/** `0x1234…abcd` → `0x12••••abcd`: enough for a friend to recognise, not to copy. */
export function maskAddress(address: string): string {
  const { head, fill, tail } = ADDRESS_MASK;
  return address.length > head + tail + 2
    ? `${address.slice(0, head)}${fill}${address.slice(-tail)}`
    : address;
}

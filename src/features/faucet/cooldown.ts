/**
 * Cooldown arithmetic (pure). The database applies the same rules with its own clock; these
 * helpers turn its answers into what the client sees.
 */

/** Whole seconds until `until`, at least 1 while it lies in the future (Retry-After must not say 0 early). */
export function secondsUntil(until: Date, now: Date): number {
  const ms = until.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.max(1, Math.ceil(ms / 1000));
}

/** When the next claim is allowed after a claim at `claimedAt`. */
export function nextAllowedAt(claimedAt: Date, cooldownSeconds: number): Date {
  return new Date(claimedAt.getTime() + cooldownSeconds * 1000);
}

/**
 * The IP rule is a sliding window: at most `limit` claims in any `windowSeconds`. When the limit is
 * reached the next slot opens when the oldest claim inside the window leaves it.
 */
export function ipRetryAfter(
  claimTimesInWindow: readonly Date[],
  limit: number,
  windowSeconds: number,
  now: Date,
): number {
  if (claimTimesInWindow.length < limit) return 0;
  const sorted = [...claimTimesInWindow].sort((a, b) => a.getTime() - b.getTime());
  // With n ≥ limit claims, a slot opens when the (n - limit + 1)-th oldest leaves the window.
  const freeing = sorted[sorted.length - limit];
  if (!freeing) return 0;
  return Math.max(1, secondsUntil(nextAllowedAt(freeing, windowSeconds), now));
}

/** "1 h 02 m 05 s"-style countdown text for the panel. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h} h ${pad(m)} m ${pad(sec)} s` : m > 0 ? `${m} m ${pad(sec)} s` : `${sec} s`;
}

/** The cooldown as words: "24 hours", "90 minutes", "45 seconds". */
export function formatCooldown(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (seconds % 3600 === 0) return plural(seconds / 3600, "hour");
  if (seconds % 60 === 0) return plural(seconds / 60, "minute");
  return plural(seconds, "second");
}

/** Time left as a short badge text: "23 h 59 m", "5 m 03 s", "42 s" (hours drop the seconds). */
export function formatTimeLeft(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, "0")} m`;
  return formatCountdown(s);
}

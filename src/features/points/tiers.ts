/** A reward tier: reached at `min` points (POINTS_TIERS, validated in src/server/config.ts). */
export type Tier = { name: string; min: number };

export type TierStatus = {
  current: Tier;
  next: Tier | null;
  /** Points still needed for the next tier (0 at the top tier). */
  toNext: number;
  /** 0…1 of the way from the current tier to the next (1 at the top tier). */
  progress: number;
};

/** Where a total stands among tiers sorted by `min` ascending (the first starts at 0). */
export function tierFor(total: number, tiers: readonly Tier[]): TierStatus {
  const first = tiers[0];
  if (!first) throw new Error("tierFor: at least one tier is required");
  let index = 0;
  for (let i = 0; i < tiers.length; i++) if (total >= (tiers[i]?.min ?? 0)) index = i;
  const current = tiers[index] ?? first;
  const next = tiers[index + 1] ?? null;
  if (!next) return { current, next: null, toNext: 0, progress: 1 };
  const span = next.min - current.min;
  const done = Math.max(0, total - current.min);
  return { current, next, toNext: Math.max(0, next.min - total), progress: Math.min(1, done / span) };
}

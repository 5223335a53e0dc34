import type { Db } from "@/db/client";
import type { PointsSummary } from "../schema";
import { tierFor } from "../tiers";
import { rankedUsers, userStanding } from "./rank";
import { rankingCached } from "./ranking-cache";
import { pointsTiers } from "./tiers";

/** `GET /api/points`: balance, tier and progress, rank and the chart series. */
export async function pointsSummary(db: Db, userId: string): Promise<PointsSummary> {
  const [{ rank, total, series }, ranked] = await Promise.all([
    // Rank, total and series move only with a ranking change (ranking-cache.ts); the tier is
    // computed on each call because its thresholds are a setting.
    rankingCached(db, "standing", userId, () => userStanding(db, userId)),
    rankedUsers(db),
  ]);
  // Run-time settable in the console (README "Configuration"); the environment is the default.
  const t = tierFor(total, await pointsTiers(db));
  return {
    balance: String(total),
    tier: {
      name: t.current.name,
      min: String(t.current.min),
      next: t.next ? { name: t.next.name, min: String(t.next.min) } : null,
      toNext: String(t.toNext),
      progress: t.progress,
    },
    rank,
    rankedUsers: ranked,
    series,
  };
}

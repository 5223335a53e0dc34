import { getDb } from "@/db/client";
import type { RewardsData } from "../schema";
import { pointsHistory } from "./history";
import { leaderboard } from "./rank";
import { rankingCached } from "./ranking-cache";
import { pointsSummary } from "./summary";

/** /rewards: points, history and the leaderboard, read in parallel. */
export async function loadRewardsPage(userId: string): Promise<RewardsData> {
  const db = await getDb();
  const [points, history, board] = await Promise.all([
    pointsSummary(db, userId),
    // The first page moves only with a ledger write, which is a ranking change (ranking-cache.ts).
    rankingCached(db, "history", userId, () => pointsHistory(db, userId)),
    leaderboard(db, userId),
  ]);
  return { points, history, board };
}

/** The signed-in user's points summary, for pages that show it beside other content. */
export async function loadPointsSummary(userId: string) {
  return pointsSummary(await getDb(), userId);
}

import "server-only";

// The points feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): ledger, totals,
// rank and history.
export {
  historyPageSchema,
  leaderboardSchema,
  pointsHistoryQuery,
  pointsSummarySchema,
} from "./schema";
export { pointsHistoryPage } from "./server/api";
export { pointsSeries } from "./server/history";
export { balanceOf, creditPoints, ledgerSum } from "./server/ledger";
export { loadPointsSummary, loadRewardsPage } from "./server/page-data";
export { leaderboard, userRank } from "./server/rank";
export { rankingCached, rankingChanged } from "./server/ranking-cache";
export { rowsOf } from "./server/rows";
export { pointsSummary } from "./server/summary";
export { pointsTiers } from "./server/tiers";
export { type Tier, tierFor } from "./tiers";

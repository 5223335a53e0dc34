// Server-only public API of the points feature (ledger, totals, rank, history).
export { InvalidHistoryCursorError, pointsHistory, pointsSeries } from "./history";
export {
  balanceOf,
  type Credit,
  type CreditResult,
  creditPoints,
  existingSourceKeys,
  ledgerSum,
} from "./ledger";
export { leaderboard, rankedUsers, rankOfTotal, topUsers, userRank } from "./rank";
export { rowsOf } from "./rows";
export { pointsSummary } from "./summary";

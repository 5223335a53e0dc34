// Client-safe public API of the points feature. Server code is in `@/features/points/server`.
export { RewardsDashboard, type RewardsDashboardProps } from "./components/RewardsDashboard";
export { formatPoints, rankLabel } from "./format";
export { pointsKeys, pointsQueryOptions } from "./queries";
export type { HistoryPage, Leaderboard, PointsSummary, RewardsData } from "./schema";
export { type Tier, type TierStatus, tierFor } from "./tiers";

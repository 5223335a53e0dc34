// Client-safe public API of the points feature. Server code is in `@/features/points/server`.
export { RewardsDashboard } from "./components/RewardsDashboard";
export { formatPoints, rankLabel } from "./format";
export { pointsKeys, pointsQueryOptions } from "./queries";
export type { PointsSummary, RewardsData } from "./schema";

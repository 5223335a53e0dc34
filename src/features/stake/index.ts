// Public API of the stake feature (client-safe: page components and pure helpers).
export { StakePage } from "./components/StakePage";
export { type StakePool, stakePoolsOf } from "./pools";
export { type StakePoolState, stakeKeys, stakePoolQueryOptions, useStakePool } from "./queries";
export { aprPercent, formatCountdown } from "./rewards";

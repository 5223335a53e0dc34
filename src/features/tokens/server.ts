import "server-only";

// The tokens feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): the deployed token
// list and pools, and reserve-based prices. The pure helpers and types are in ./index.ts.
export {
  currentDeployment,
  getAmmEnv,
  getTokenList,
  readPools,
  requireDeployment,
} from "./server/chain-state";
export { getPrices, resetPriceCacheForTests } from "./server/prices";

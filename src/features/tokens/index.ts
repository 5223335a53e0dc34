/**
 * Server-side public API of the tokens feature: the testnet token list and reserve-based prices,
 * shared by swap, stake and the wallet page. Client components import `@/features/tokens/client`.
 */
export * from "./client";
export {
  currentDeployment,
  deployedPools,
  getTokenList,
  readPools,
  requireDeployment,
} from "./server/chain-state";
export { getPrices, PRICE_CACHE_MS, resetPriceCacheForTests } from "./server/prices";

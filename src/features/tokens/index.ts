/**
 * Server-side public API of the tokens feature: the testnet token list and reserve-based prices,
 * shared by swap, stake and the wallet page. Client components import `@/features/tokens/client`
 * (same pure helpers plus the balance/price hooks).
 */
export { TokenIcon } from "./components/TokenIcon";
export { tokenIconDataUri, tokenIconSvg } from "./icons";
export { orientedReserves, otherToken, type PoolState, poolHas, sameAddress, sortTokens } from "./pools";
export { type PriceMap, pricesFromPools, underlyingAmounts } from "./pricing";
export {
  currentDeployment,
  deployedPools,
  getAmmEnv,
  getTokenList,
  readPools,
  requireDeployment,
} from "./server/chain-state";
export { getPrices, PRICE_CACHE_MS, resetPriceCacheForTests } from "./server/prices";
export {
  type AmmEnv,
  buildTokenList,
  type CaipParseResult,
  type DeploymentLike,
  findToken,
  NATIVE_TOKEN_ADDRESS,
  type NativeCurrency,
  pairTokenIds,
  parseCaipAddress,
  type Token,
  type TokenId,
} from "./tokens";

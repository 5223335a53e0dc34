// Client-safe public API of the tokens feature (pure helpers, types, icons, the balance and price
// hooks). Server code (deployment, pools, prices): ./server.ts.
export { TokenIcon } from "./components/TokenIcon";
export { tokenIconDataUri } from "./icons";
export { orientedReserves, otherToken, type PoolState, poolHas, sameAddress, sortTokens } from "./pools";
export { type PriceMap, pricesFromPools, underlyingAmounts } from "./pricing";
export {
  type Balances,
  fetchPrices,
  fetchTokenBalances,
  pricesQueryOptions,
  tokenBalancesQueryOptions,
  tokenKeys,
  usePrices,
  useTokenBalances,
} from "./queries";
export {
  type AmmEnv,
  buildTokenList,
  type CaipParseResult,
  type DeploymentLike,
  NATIVE_TOKEN_ADDRESS,
  type NativeCurrency,
  pairTokenIds,
  parseCaipAddress,
  type Token,
  type TokenId,
} from "./tokens";

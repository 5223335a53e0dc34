// Client-safe public API of the tokens feature (pure helpers, types, icons, the balance and price
// hooks). Server code (deployment, pools, prices): ./server.ts.
export { TokenIcon } from "./components/TokenIcon";
export { tokenIconDataUri } from "./icons";
export { orientedReserves, otherToken, type PoolState, poolHas, sameAddress, sortTokens } from "./pools";
export { underlyingAmounts } from "./pricing";
export { type Balances, usePrices, useTokenBalances } from "./queries";
export { type AmmEnv, buildTokenList, parseCaipAddress, type Token, type TokenId } from "./tokens";

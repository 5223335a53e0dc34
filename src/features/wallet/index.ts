// Client-safe public API of the wallet feature. Server code (route handlers): ./server/index.ts.
// The account modal's Tokens / Activity tabs use TokenBalanceList and ActivityList (or the query
// options directly), so the modal and /wallet share one cache. The page itself (which needs the
// modal to connect a wallet) is exported from ./page, so importing this file from the modal never
// forms an import cycle.
export { isValidAddress, normalizeAddress } from "./address";
export { type BalanceResponse, formatUsd, type TokenBalance } from "./balances";
export { ActivityList } from "./components/ActivityList";
export { ReceiveCard } from "./components/ReceiveCard";
export { TokenBalanceList } from "./components/TokenBalanceList";
export {
  balancesQueryOptions,
  bypassHistoryCache,
  fetchBalances,
  fetchHistory,
  flattenHistory,
  historyQueryOptions,
  useBalances,
  useHistory,
  walletKeys,
} from "./queries";
export {
  nativeGasReserve,
  parseAmountInput,
  type SendContext,
  sendMessages,
  sendSchema,
} from "./send-schema";
export type { ActivityItem, ActivityKind, ActivityTransfer, HistoryPage } from "./types";

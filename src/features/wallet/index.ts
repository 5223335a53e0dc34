// Client-safe public API of the wallet feature. Server code (route handlers): ./server/index.ts.
// The account modal's Tokens / Activity tabs use TokenBalanceList and ActivityList (or the query
// options directly), so the modal and /wallet share one cache.
export { isValidAddress, normalizeAddress } from "./address";
export { type BalanceResponse, formatBalance, formatUsd, type TokenBalance } from "./balances";
export { ActivityList } from "./components/ActivityList";
export { ReceiveCard } from "./components/ReceiveCard";
export { SendForm, type SendFormProps } from "./components/SendForm";
export { TokenBalanceList } from "./components/TokenBalanceList";
export { WalletPage, type WalletPageProps } from "./components/WalletPage";
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

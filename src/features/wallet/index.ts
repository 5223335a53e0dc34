// Client-safe public API of the wallet feature. Server code (route handlers): ./server.ts.
// AccountTabsContent is the wallet modal's Tokens / Activity tabs (the root layout hands them to the
// modal, lazily, through features/layout's AccountTabs), on the same queries as /wallet.

export type { BalanceResponse, TokenBalance } from "./balances";
export { AccountTabsContent } from "./components/AccountTabsContent";
export { ActivityList } from "./components/ActivityList";
export { ReceiveCard } from "./components/ReceiveCard";
export { SendForm, type SendFormProps } from "./components/SendForm";
export { TokenBalanceList } from "./components/TokenBalanceList";
export { WalletPage, type WalletPageData, type WalletPageProps } from "./components/WalletPage";
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
  sendErrors,
  sendMessages,
} from "./send-schema";
export type { ActivityItem, ActivityKind, ActivityTransfer, HistoryPage } from "./types";

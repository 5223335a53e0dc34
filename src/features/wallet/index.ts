// Client-safe public API of the wallet feature. Server code (route handlers): ./server.ts.
// AccountTabsContent is the wallet modal's Tokens / Activity tabs (the root layout hands them to the
// modal, lazily, through features/layout's AccountTabs), on the same queries as /wallet.

export type { BalanceResponse } from "./balances";
export { AccountTabsContent } from "./components/AccountTabsContent";
export { WalletPage } from "./components/WalletPage";

import "server-only";

export {
  accountParams,
  balanceQuery,
  balanceResponseSchema,
  historyPageSchema,
  historyQuery,
} from "./schema";
// The wallet feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): route handlers and pages.
export { accountAddress, balanceResponse, historyResponse } from "./server/api";
export { balanceService } from "./server/balances";
export { loadWalletPage, walletKnownContracts } from "./server/page-data";

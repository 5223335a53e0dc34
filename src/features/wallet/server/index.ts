// Server-side API of the wallet feature (route handlers and pages).
export { addressParam, balanceResponse, historyResponse } from "./api";
export {
  BALANCE_CACHE_MS,
  BalanceService,
  balanceClient,
  balanceService,
  multicallBalances,
} from "./balances";

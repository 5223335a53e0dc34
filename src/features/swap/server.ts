import "server-only";

// The swap feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): what the /api/convert
// and /api/fungible route handlers call, and the schemas they validate with.
export {
  allowanceQuery,
  allowanceResponse,
  buildApproveQuery,
  buildApproveResponse,
  buildTransactionBody,
  buildTransactionResponse,
  fungiblePriceResponse,
  gasPriceQuery,
  gasPriceResponse,
  priceBody,
  quotesQuery,
  quotesResponse,
  tokensQuery,
  tokensResponse,
} from "./schema";
export * from "./server/service";

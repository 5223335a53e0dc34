// Client-safe public API of the swap feature. Route handlers use `./server`.
export { type AmountParse, formatAmount, parseAmount, validateAmount } from "./amount";
export { SwapPage } from "./components/SwapPage";
export { describeWalletError, type WalletErrorInfo, walletErrorMessage, walletErrorMessages } from "./errors";
export { type AmountFormContext, type AmountsContext, amountResolver, amountsResolver } from "./form";
export { DEFAULT_SLIPPAGE_BPS, maximumSold, minimumReceived } from "./slippage";
export { type ContractStep, TxError, useTransactionRunner } from "./tx-runner";

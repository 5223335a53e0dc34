// Client-safe web3 layer (docs/ARCHITECTURE.md, "Web3 layer"): the transaction runner, the steps
// hook forms submit through, exact-amount approvals and wallet-error mapping. Amount parsing and
// formatting live in src/lib/amount.ts.
export { missingApproval, readAllowance } from "./allowance";
export { type ApprovalNeed, approveStep, buildApproveData } from "./approval";
export { useTransactionRunner } from "./tx-runner";
export { type ContractStep, type NativeTransferStep, TxError, type TxStep } from "./tx-step";
export { type PlannedStep, useTxSteps } from "./use-tx-steps";
export {
  describeWalletError,
  type WalletErrorInfo,
  walletErrorMessage,
  walletErrorMessages,
} from "./wallet-errors";

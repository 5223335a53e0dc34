// Client-safe web3 layer (docs/ARCHITECTURE.md, "Web3 layer"): the transaction runner, the steps
// hook forms submit through, exact-amount approvals and wallet-error mapping. Amount parsing and
// formatting live in src/lib/amount.ts.
export { missingApproval, readAllowance } from "./allowance";
export { approveStep } from "./approval";
export { useTransactionRunner } from "./tx-runner";
export { TxError } from "./tx-step";
export { useReportBusy } from "./use-report-busy";
export { type PlannedStep, useTxSteps } from "./use-tx-steps";
export { walletErrorMessage } from "./wallet-errors";

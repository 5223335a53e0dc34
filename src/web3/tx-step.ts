import type { Abi, Address, TransactionReceipt } from "viem";

/** What a transaction form asks the runner to send (tx-runner.tsx runs it, tx-exec.tsx talks to the wallet). */
export type ContractStep = {
  /** What the user sees in toasts and steppers, e.g. "Approve tUSD". */
  label: string;
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
} & AfterConfirmation;

/** What a step says and does once mined (e.g. the amount a claim paid, read from the receipt's events). */
type AfterConfirmation = {
  /** Toast text once confirmed (default "<label>: confirmed"). */
  confirmedText?: string | ((receipt: TransactionReceipt) => string);
  /** Called with the receipt before queries are refreshed. */
  onConfirmed?: (receipt: TransactionReceipt) => void;
};

/** A plain native-coin transfer (no contract call). */
export type NativeTransferStep = { label: string; to: Address; value: bigint } & AfterConfirmation;

export type TxStep = ContractStep | NativeTransferStep;

/** An error whose message is already the human sentence to show inline. */
export class TxError extends Error {
  override name = "TxError";
}

/**
 * The step's transaction was sent but not mined within the wait: not a failure, since it may still
 * be mined, and a retry now could send it twice. The Stepper shows it as "Still pending".
 */
export class TxStillPendingError extends TxError {
  override name = "TxStillPendingError";
  constructor(
    message: string,
    readonly hash: `0x${string}`,
  ) {
    super(message);
  }
}

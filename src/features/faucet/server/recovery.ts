import type { ClaimStatus } from "../schema";

/**
 * What to do with a recorded faucet transaction that is not known to be settled (pure).
 *
 * `latestCount` is the account's mined transaction count, read BEFORE looking for the receipt: if
 * the transaction is mined after that read, the receipt lookup still sees it, or the count does
 * not cover its nonce yet and we merely re-broadcast an already-known transaction (harmless).
 *
 * - a receipt exists → settle it from the receipt;
 * - no receipt and the nonce is not used yet → broadcast the same signed bytes again (same nonce,
 *   so it can never be mined twice, and nothing else can be mined in its place from us);
 * - no receipt but the nonce is used → another transaction took that nonce, ours can never be
 *   mined: its payments go back to the queue.
 */
export type TxDecision = "settle" | "rebroadcast" | "replaced";

export function decideTx(input: { hasReceipt: boolean; nonce: number; latestCount: number }): TxDecision {
  if (input.hasReceipt) return "settle";
  return input.nonce < input.latestCount ? "replaced" : "rebroadcast";
}

/** After a reverted transaction nothing was paid: its payments are retried up to this many times. */
export const MAX_PAYMENT_ATTEMPTS = 3;

export type PaymentStatus = ClaimStatus;

/** A payment's next status after its transaction was mined. */
export function paymentOutcome(input: {
  receiptStatus: "success" | "reverted";
  paymentFailedEmitted: boolean;
  attempts: number;
}): { status: PaymentStatus; error?: string } {
  if (input.receiptStatus === "reverted") {
    return input.attempts + 1 >= MAX_PAYMENT_ATTEMPTS
      ? { status: "failed", error: "The payout transaction reverted." }
      : { status: "queued" };
  }
  if (input.paymentFailedEmitted) return { status: "failed", error: "The recipient refused the payment." };
  return { status: "confirmed" };
}

/**
 * A claim's status from its payments (pure): confirmed when all are confirmed; failed when
 * something failed and nothing is still on its way; queued while nothing has been sent yet;
 * otherwise sent (at least one payment is in flight or done).
 */
export function claimStatusFromPayments(statuses: readonly PaymentStatus[]): ClaimStatus {
  if (statuses.length === 0) return "failed";
  if (statuses.every((s) => s === "confirmed")) return "confirmed";
  const inProgress = statuses.some((s) => s === "queued" || s === "sent");
  if (!inProgress) return "failed";
  if (statuses.every((s) => s === "queued")) return "queued";
  return "sent";
}

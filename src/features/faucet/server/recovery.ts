import type { ClaimStatus } from "../schema";

/** One signed variant of a recorded transaction, as the sender last saw it. */
export type AttemptView = { hash: string; hasReceipt: boolean; ageMs: number };

export type TxDecision =
  | { kind: "settle"; hash: string }
  | { kind: "rebroadcast" }
  | { kind: "bump" }
  | { kind: "replaced" };

/**
 * What to do with a recorded faucet transaction that is not known to be settled (pure). `attempts`
 * are ALL its signed variants (same nonce, same payload, different fees), each recorded before it
 * was broadcast, so no variant that could have been mined is missing from them.
 *
 * `latestCount` is the account's mined transaction count, read BEFORE looking for the receipts: if
 * a variant is mined after that read, the receipt lookup still sees it, or the count does not cover
 * its nonce yet and we merely re-broadcast an already-known transaction (harmless).
 *
 * - a variant has a receipt → settle from it (only one can: they share a nonce);
 * - no receipt and the nonce is not used yet → broadcast the newest variant again, or, once it has
 *   waited `bumpAfterMs`, sign a replacement with higher fees (same nonce: whichever variant is
 *   mined, the payload is paid once);
 * - no receipt for ANY variant but the nonce is used → another transaction took that nonce, none of
 *   ours can ever be mined: the payments go back to the queue. Deciding this from one variant's
 *   receipt would re-queue payments whose other variant was mined, and pay them twice.
 */
export function decideTx(input: {
  attempts: readonly AttemptView[];
  nonce: number;
  latestCount: number;
  bumpAfterMs: number;
}): TxDecision {
  // With no variant to look up, "no receipt" would prove nothing: refuse rather than release.
  if (input.attempts.length === 0) throw new Error("decideTx: a recorded transaction without attempts");
  const mined = input.attempts.find((a) => a.hasReceipt);
  if (mined) return { kind: "settle", hash: mined.hash };
  if (input.nonce < input.latestCount) return { kind: "replaced" };
  const newestAgeMs = Math.min(...input.attempts.map((a) => a.ageMs));
  return newestAgeMs >= input.bumpAfterMs ? { kind: "bump" } : { kind: "rebroadcast" };
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

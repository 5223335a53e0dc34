/**
 * Did the user decline in the wallet? One rule for the modal's views and for the transaction errors
 * of src/web3/wallet-errors.ts, with no import (src/web3 reads it without pulling in the modal).
 *
 * Wallets say it in different ways, and viem wraps what they say 3-4 levels deep (`cause`):
 * - the EIP-1193 code 4001, on the error or under `data.originalError` (some mobile wallets);
 * - viem's UserRejectedRequestError, by name;
 * - only words, without the code: the seed maps "User rejected" and "connection request reset"
 *   (WalletConnect, a pairing dismissed in the wallet) to a user rejection; "user denied" and
 *   "rejected the request" are older MetaMask and viem wording.
 */

const REJECTION_TEXT = /user rejected|user denied|rejected the request|connection request reset/i;
/** viem nests 3-4 errors; a cyclic `cause` must not loop forever. */
const MAX_DEPTH = 10;

type Loose = { [k: string]: unknown };

const isObject = (v: unknown): v is Loose => typeof v === "object" && v !== null;

function saysRejected(e: Loose): boolean {
  const original = isObject(e.data) && isObject(e.data.originalError) ? e.data.originalError : undefined;
  if (e.code === 4001 || original?.code === 4001) return true;
  if (e.name === "UserRejectedRequestError") return true;
  return [e.shortMessage, e.details, e.message].some((t) => typeof t === "string" && REJECTION_TEXT.test(t));
}

export function isUserRejection(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; depth < MAX_DEPTH && isObject(cur); depth++) {
    if (saysRejected(cur)) return true;
    cur = cur.cause;
  }
  return false;
}

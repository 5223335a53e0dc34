import {
  type Hex,
  type PublicClient,
  type Transaction,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";

type Lookups = Pick<PublicClient, "getTransactionReceipt" | "getTransaction">;

/**
 * A transaction's receipt, or null when the node answers that it has none. Any other failure (a
 * timeout, a 429, a node that is down) is rethrown: a server sender that took it for "not mined"
 * could decide the transaction did nothing and sign a second one.
 */
export async function receiptOrNull(client: Lookups, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/** The transaction as the node knows it (pending or mined), or null when it does not; see receiptOrNull. */
export async function transactionOrNull(client: Lookups, hash: Hex): Promise<Transaction | null> {
  try {
    return await client.getTransaction({ hash });
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return null;
    throw err;
  }
}

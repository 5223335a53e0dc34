import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Hex } from "viem";
import type { Db } from "@/db/client";
import { type FaucetTxRow, faucetTxAttempts, faucetTxs } from "@/db/schema";
import { queryRows } from "./rows";
import { pendingTxs } from "./tx-store";

// The attempts of a faucet transaction (migrations/0031_faucet_tx_attempts.sql): every signed
// variant of one nonce and payload, recorded before it is broadcast. Settlement looks up the
// receipt of each, so the variant that got mined is found whichever it is.

export type Attempt = { hash: Hex; raw: Hex; ageMs: number };
export type PendingTx = { tx: FaucetTxRow; attempts: Attempt[] };

/**
 * The faucet's pending transactions with their attempts, oldest attempt first (the last is the
 * newest). Ages are measured on the database's clock, the one that stamped `created_at`, so a
 * sender whose clock is off neither bumps early nor never.
 */
export async function pendingWithAttempts(db: Db, me: string): Promise<PendingTx[]> {
  const txs = await pendingTxs(db, me);
  if (txs.length === 0) return [];
  const [{ now } = { now: new Date() }] = await queryRows<{ now: Date | string }>(
    db,
    sql`SELECT now() AS now`,
  );
  const nowMs = new Date(now).getTime();
  const rows = await db
    .select()
    .from(faucetTxAttempts)
    .where(
      inArray(
        faucetTxAttempts.txId,
        txs.map((t) => t.id),
      ),
    )
    .orderBy(asc(faucetTxAttempts.id));
  return txs.map((tx) => {
    const attempts: Attempt[] = rows
      .filter((r) => r.txId === tx.id)
      .map((r) => ({ hash: r.hash as Hex, raw: r.raw as Hex, ageMs: nowMs - r.createdAt.getTime() }));
    // The transaction's own hash is always one of its variants; were its attempt row ever missing,
    // leaving it out would let "no receipt" be concluded without looking at it.
    if (!attempts.some((a) => a.hash === tx.hash)) {
      attempts.unshift({ hash: tx.hash as Hex, raw: tx.raw as Hex, ageMs: nowMs - tx.createdAt.getTime() });
    }
    return { tx, attempts };
  });
}

/**
 * Records a fee-bumped variant of a pending transaction, which then shows its hash. Refused (false)
 * when the transaction is no longer pending: it was settled or its payments were released, and
 * broadcasting a variant now could pay them a second time. The row lock orders this against
 * `markReplaced`, which takes the same lock: a variant is either seen by the release or refused.
 */
export async function recordAttempt(db: Db, txId: number, signed: { hash: Hex; raw: Hex }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: faucetTxs.status })
      .from(faucetTxs)
      .where(eq(faucetTxs.id, txId))
      .for("update");
    if (row?.status !== "pending") return false;
    await tx.insert(faucetTxAttempts).values({ txId, hash: signed.hash, raw: signed.raw });
    await tx
      .update(faucetTxs)
      .set({ hash: signed.hash, raw: signed.raw, updatedAt: new Date() })
      .where(eq(faucetTxs.id, txId));
    return true;
  });
}

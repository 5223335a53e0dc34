import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { type Hex, parseEventLogs, type TransactionReceipt, zeroAddress } from "viem";
import { disperseAbi } from "@/chain/generated";
import type { Db } from "@/db/client";
import { type FaucetTxRow, faucetClaims, faucetPayments, faucetTxAttempts, faucetTxs } from "@/db/schema";
import { emitEvent } from "@/server/webhook-outbox";
import type { BatchPlan, QueuedPayment } from "./batching";
import type { FaucetChain } from "./chain";
import { faucetMetrics } from "./metrics";
import { claimStatusFromPayments, type PaymentStatus, paymentOutcome } from "./recovery";
import type { SignedTx } from "./signing";

// The transaction store (split out of sender.ts): the database side of the sender. Signed
// transactions are recorded with their payments before broadcast, settled from receipts, and
// released back to the queue when replaced, each in one database transaction.

/** Records the signed transactions (each its first attempt) and attaches the payments, all or nothing. */
export async function recordBatch(db: Db, me: string, plan: BatchPlan, signed: SignedTx[]): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(faucetTxs)
      .values(
        signed.map((s) => ({
          fromAddress: me,
          nonce: s.nonce,
          hash: s.hash,
          raw: s.raw,
          kind: s.kind,
          asset: s.asset,
        })),
      )
      .returning({ id: faucetTxs.id, hash: faucetTxs.hash });
    const idByHash = new Map(inserted.map((r) => [r.hash, r.id]));
    await tx
      .insert(faucetTxAttempts)
      .values(signed.map((s) => ({ txId: idByHash.get(s.hash)!, hash: s.hash, raw: s.raw })));
    for (const s of signed) {
      if (s.claimIds.length === 0) continue;
      const attached = await tx
        .update(faucetPayments)
        .set({ status: "sent", txId: idByHash.get(s.hash)! })
        .where(
          and(
            inArray(faucetPayments.claimId, s.claimIds),
            eq(faucetPayments.asset, s.asset),
            eq(faucetPayments.status, "queued"),
          ),
        )
        .returning({ claimId: faucetPayments.claimId });
      if (attached.length !== s.claimIds.length) {
        // Only this (single, leader-locked) sender changes queued payments; refuse to guess.
        throw new Error(
          `faucet batch changed while it was being recorded (${attached.length}/${s.claimIds.length})`,
        );
      }
      faucetMetrics().transactions.inc({ kind: s.kind });
    }
    await tx
      .update(faucetClaims)
      .set({ status: "sent", updatedAt: new Date() })
      .where(and(inArray(faucetClaims.id, plan.claimIds), inArray(faucetClaims.status, ["queued", "sent"])));
  });
}

export function pendingTxs(db: Db, me: string): Promise<FaucetTxRow[]> {
  return db
    .select()
    .from(faucetTxs)
    .where(and(eq(faucetTxs.fromAddress, me), eq(faucetTxs.status, "pending")))
    .orderBy(asc(faucetTxs.nonce));
}

/**
 * Pending transactions signed by another faucet key (FAUCET_PRIVATE_KEY changed while some were in
 * flight), per address. Only their key can settle or replace them, so their claims wait until it
 * is back.
 */
export async function pendingFromOtherKeys(db: Db, me: string): Promise<{ address: string; txs: number }[]> {
  const rows = await db
    .select({ address: faucetTxs.fromAddress, txs: sql<number>`count(*)::int` })
    .from(faucetTxs)
    .where(and(ne(faucetTxs.fromAddress, me), eq(faucetTxs.status, "pending")))
    .groupBy(faucetTxs.fromAddress);
  return rows.map((r) => ({ address: r.address, txs: Number(r.txs) }));
}

/**
 * Applies a mined transaction's outcome to its payments and their claims, in one DB transaction.
 * `mined` is the attempt the receipt belongs to: the transaction takes its hash, the one the claim
 * pages show. A transaction no longer pending was settled already and is left alone.
 */
export async function settleTx(
  db: Db,
  fc: FaucetChain,
  log: Logger,
  row: FaucetTxRow,
  receipt: TransactionReceipt,
  mined: { hash: Hex; raw: Hex } = { hash: row.hash as Hex, raw: row.raw as Hex },
): Promise<void> {
  const status = receipt.status === "success" ? "confirmed" : "reverted";
  const token = row.asset === "native" ? zeroAddress : fc.tokens[row.asset];
  const refused = new Set(
    parseEventLogs({ abi: disperseAbi, logs: receipt.logs, eventName: "PaymentFailed" })
      .filter(
        (l) =>
          l.address.toLowerCase() === fc.disperse.toLowerCase() &&
          l.args.token.toLowerCase() === token.toLowerCase(),
      )
      .map((l) => l.args.recipient.toLowerCase()),
  );
  const counts: Record<string, number> = {};
  const settled = await db.transaction(async (tx) => {
    const done = await tx
      .update(faucetTxs)
      .set({
        status,
        hash: mined.hash,
        raw: mined.raw,
        blockNumber: Number(receipt.blockNumber),
        updatedAt: new Date(),
      })
      .where(and(eq(faucetTxs.id, row.id), eq(faucetTxs.status, "pending")))
      .returning({ id: faucetTxs.id });
    if (done.length === 0) return false;
    const payments = await tx
      .select({
        claimId: faucetPayments.claimId,
        attempts: faucetPayments.attempts,
        address: faucetClaims.address,
      })
      .from(faucetPayments)
      .innerJoin(faucetClaims, eq(faucetClaims.id, faucetPayments.claimId))
      .where(and(eq(faucetPayments.txId, row.id), eq(faucetPayments.status, "sent")));
    const errors = new Map<string, string>();
    const byStatus = new Map<PaymentStatus, string[]>();
    for (const p of payments) {
      const out = paymentOutcome({
        receiptStatus: receipt.status,
        paymentFailedEmitted: refused.has(p.address),
        attempts: p.attempts,
      });
      if (out.error) errors.set(p.claimId, out.error);
      byStatus.set(out.status, [...(byStatus.get(out.status) ?? []), p.claimId]);
    }
    for (const [next, ids] of byStatus) {
      counts[next === "queued" ? "requeued" : next] = ids.length;
      const where = and(inArray(faucetPayments.claimId, ids), eq(faucetPayments.asset, row.asset));
      if (next === "queued") {
        await tx
          .update(faucetPayments)
          .set({ status: "queued", txId: null, attempts: sql`${faucetPayments.attempts} + 1` })
          .where(where);
      } else {
        await tx.update(faucetPayments).set({ status: next }).where(where);
      }
    }
    await refreshClaims(
      tx as unknown as Db,
      payments.map((p) => p.claimId),
      errors,
    );
    return true;
  });
  if (!settled) return;
  for (const [outcome, n] of Object.entries(counts))
    faucetMetrics().payouts.inc({ asset: row.asset, outcome }, n);
  if (status === "reverted")
    log.error({ hash: mined.hash, nonce: row.nonce, kind: row.kind }, "faucet transaction reverted");
}

/**
 * None of our variants of this transaction can be mined (its nonce was used by another): its
 * payments go back to the queue. `checked` are the attempts found without a receipt after the nonce
 * was seen used; a variant recorded since (a sender that lost its lock a moment ago) has not been
 * checked and may be the one mined, so the release is refused (false) and decided again next round.
 */
export async function markReplaced(
  db: Db,
  log: Logger,
  row: FaucetTxRow,
  checked: readonly string[],
): Promise<boolean> {
  const released = await db.transaction(async (tx) => {
    // The lock recordAttempt takes: no variant can be recorded between this check and the release.
    const [locked] = await tx
      .select({ status: faucetTxs.status })
      .from(faucetTxs)
      .where(eq(faucetTxs.id, row.id))
      .for("update");
    if (locked?.status !== "pending") return false;
    const attempts = await tx
      .select({ hash: faucetTxAttempts.hash })
      .from(faucetTxAttempts)
      .where(eq(faucetTxAttempts.txId, row.id));
    if (attempts.some((a) => !checked.includes(a.hash))) return false;
    await tx
      .update(faucetTxs)
      .set({ status: "replaced", updatedAt: new Date() })
      .where(eq(faucetTxs.id, row.id));
    const back = await tx
      .update(faucetPayments)
      .set({ status: "queued", txId: null })
      .where(and(eq(faucetPayments.txId, row.id), eq(faucetPayments.status, "sent")))
      .returning({ claimId: faucetPayments.claimId });
    await refreshClaims(
      tx as unknown as Db,
      back.map((b) => b.claimId),
      new Map(),
    );
    return true;
  });
  if (released)
    log.warn(
      { hash: row.hash, nonce: row.nonce, attempts: checked.length },
      "faucet transaction replaced by another with the same nonce; re-queueing its payments",
    );
  return released;
}

export async function loadQueued(db: Db, limit: number): Promise<QueuedPayment[]> {
  const rows = await db
    .select({
      claimId: faucetPayments.claimId,
      asset: faucetPayments.asset,
      amount: faucetPayments.amount,
      seq: faucetClaims.seq,
      address: faucetClaims.address,
    })
    .from(faucetPayments)
    .innerJoin(faucetClaims, eq(faucetClaims.id, faucetPayments.claimId))
    .where(eq(faucetPayments.status, "queued"))
    .orderBy(asc(faucetClaims.seq), asc(faucetPayments.asset))
    .limit(limit);
  return rows.map((r) => ({ ...r, address: r.address as `0x${string}`, amount: BigInt(r.amount) }));
}

/** Recomputes the claims' statuses from their payments (see claimStatusFromPayments). */
export async function refreshClaims(db: Db, claimIds: string[], errors: Map<string, string>): Promise<void> {
  const ids = [...new Set(claimIds)];
  if (ids.length === 0) return;
  const rows = await db
    .select({ claimId: faucetPayments.claimId, status: faucetPayments.status })
    .from(faucetPayments)
    .where(inArray(faucetPayments.claimId, ids));
  const statuses = new Map<string, PaymentStatus[]>();
  for (const r of rows) statuses.set(r.claimId, [...(statuses.get(r.claimId) ?? []), r.status]);
  const byNext = new Map<string, string[]>();
  for (const id of ids) {
    const next = claimStatusFromPayments(statuses.get(id) ?? []);
    byNext.set(next, [...(byNext.get(next) ?? []), id]);
  }
  const now = new Date();
  for (const [next, group] of byNext) {
    // A paid claim's webhook event commits with its status, so a crash cannot lose it
    // (docs/integrations.md); the event's key is the claim, so a re-run emits nothing new.
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const updated = await t
        .update(faucetClaims)
        .set({ status: next as PaymentStatus, updatedAt: now })
        .where(inArray(faucetClaims.id, group))
        .returning({ id: faucetClaims.id, address: faucetClaims.address });
      if (next === "failed") await releaseCooldowns(t, group);
      if (next !== "confirmed") return;
      for (const claim of updated) {
        await emitEvent(t, "faucet.paid", claim.id, {
          claimId: claim.id,
          address: claim.address.toLowerCase(),
        });
      }
    });
  }
  for (const [id, error] of errors) {
    await db.update(faucetClaims).set({ error }).where(eq(faucetClaims.id, id));
  }
}

/**
 * Gives failed claims' addresses their cooldown back when the faucet's own transactions failed them
 * (reverted MAX_PAYMENT_ATTEMPTS times): the participant did nothing wrong and would otherwise wait
 * a whole cooldown for nothing. A payment the recipient refused (PaymentFailed in a mined, successful
 * transaction) keeps it, and so does a claim with any asset already paid: releasing it would let the
 * address be paid that asset again at once, every time another asset's payout reverts. Only the row
 * this claim set is removed: never a later claim's.
 */
async function releaseCooldowns(db: Db, claimIds: string[]): Promise<void> {
  await db.execute(sql`DELETE FROM faucet_cooldowns cd
    WHERE cd.claim_id IN (${sql.join(
      claimIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      AND NOT EXISTS (
        SELECT 1 FROM faucet_payments p JOIN faucet_txs t ON t.id = p.tx_id
        WHERE p.claim_id = cd.claim_id AND p.status = 'failed' AND t.status = 'confirmed')
      AND NOT EXISTS (
        SELECT 1 FROM faucet_payments paid WHERE paid.claim_id = cd.claim_id AND paid.status = 'confirmed')`);
}

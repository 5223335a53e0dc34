import type { Logger } from "pino";
import type { Hex, TransactionReceipt } from "viem";
import { receiptOrNull, transactionOrNull } from "@/chain/lookups";
import type { Db } from "@/db/client";
import { rpcErrorForLog } from "@/server/rpc-error";
import { sleep } from "@/server/sleep";
import { type Attempt, type PendingTx, pendingWithAttempts, recordAttempt } from "./attempts";
import type { FaucetChain } from "./chain";
import { bumpFees } from "./fees";
import { faucetMetrics } from "./metrics";
import { decideTx } from "./recovery";
import type { FaucetSettings } from "./settings";
import { feesFor, feesOf, signReplacement } from "./signing";
import { markReplaced, pendingTxs, settleTx } from "./tx-store";

// Reconciliation (split out of sender.ts): what happened to every recorded transaction still
// marked pending — settle it from the receipt of whichever of its attempts was mined, re-broadcast
// its newest attempt, replace it with higher fees once it has waited too long, or release its
// payments when its nonce was certainly used by another transaction.

export type ReconcileOptions = {
  receiptTimeoutMs?: number;
  replacedRecheckMs?: number;
  /** Tests: called after a fee-bumped attempt is recorded and before it is broadcast. */
  afterRecordAttempt?: () => Promise<void> | void;
};

export class Reconciler {
  readonly me: string;

  constructor(
    private readonly db: Db,
    private readonly fc: FaucetChain,
    private readonly log: Logger,
    private readonly signal: AbortSignal,
    private readonly opts: ReconcileOptions & { feeBump: FaucetSettings["feeBump"] },
    /** Called before a transaction's payments are released (the sender re-reads its nonce). */
    private readonly onReplaced: () => void = () => {},
  ) {
    this.me = fc.account.address.toLowerCase();
  }

  async sendRaw(raw: Hex, hash: Hex): Promise<void> {
    try {
      await this.fc.client.request({ method: "eth_sendRawTransaction", params: [raw] });
    } catch (err) {
      // "already known" / "nonce too low" / "replacement underpriced" are expected when
      // re-broadcasting an older variant; reconcile() decides.
      this.log.debug({ hash, err: rpcErrorForLog(err) }, "faucet broadcast refused");
    }
  }

  receiptOrNull(hash: Hex): Promise<TransactionReceipt | null> {
    return receiptOrNull(this.fc.client, hash);
  }

  /** The receipt of whichever attempt was mined, if any (they share a nonce: at most one is). */
  private async minedOf(
    attempts: readonly Attempt[],
  ): Promise<{ attempt: Attempt; receipt: TransactionReceipt } | null> {
    for (const attempt of attempts) {
      const receipt = await this.receiptOrNull(attempt.hash);
      if (receipt) return { attempt, receipt };
    }
    return null;
  }

  /** Waits until one of `hashes` (the attempts of one transaction) has a receipt. */
  async waitForReceipt(
    hashes: readonly Hex[],
    timeoutMs = this.opts.receiptTimeoutMs ?? 60_000,
  ): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    let delay = 50;
    while (!this.signal.aborted && Date.now() < deadline) {
      for (const hash of hashes) if (await this.receiptOrNull(hash)) return true;
      await sleep(delay, this.signal);
      delay = Math.min(delay * 2, 1_000);
    }
    return false;
  }

  /**
   * Settles every recorded transaction still pending (see decideTx). Returns how many are still
   * pending afterwards (re-broadcast or bumped, and not mined yet).
   */
  async reconcile(): Promise<number> {
    const pending = await pendingWithAttempts(this.db, this.me);
    if (pending.length === 0) return 0;
    // Read before any receipt: see decideTx.
    const latestCount = await this.fc.client.getTransactionCount({
      address: this.fc.account.address,
      blockTag: "latest",
    });
    const bumpAfterMs = this.opts.feeBump.afterSeconds * 1000;
    const waiting: PendingTx[] = [];
    const resent: number[] = [];
    for (const p of pending) {
      const mined = await this.minedOf(p.attempts);
      const decision = decideTx({
        attempts: p.attempts.map((a) => ({
          hash: a.hash,
          hasReceipt: a.hash === mined?.attempt.hash,
          ageMs: a.ageMs,
        })),
        nonce: p.tx.nonce,
        latestCount,
        bumpAfterMs,
      });
      if (decision.kind === "settle") {
        await settleTx(this.db, this.fc, this.log, p.tx, mined!.receipt, mined!.attempt);
      } else if (decision.kind === "replaced") {
        await this.confirmReplaced(p);
      } else if (decision.kind === "bump") {
        await this.bump(p);
        waiting.push(p);
      } else {
        const newest = p.attempts[p.attempts.length - 1]!;
        await this.sendRaw(newest.raw, newest.hash);
        waiting.push(p);
        resent.push(p.tx.nonce);
      }
    }
    if (waiting.length === 0) return 0;
    if (resent.length > 0)
      this.log.info({ count: resent.length, nonces: resent }, "faucet re-broadcast recorded transactions");
    // Not past the next bump: a transaction that stays stuck is bumped on time.
    const last = waiting[waiting.length - 1]!;
    await this.waitForReceipt(
      last.attempts.map((a) => a.hash),
      Math.min(this.opts.receiptTimeoutMs ?? 60_000, bumpAfterMs),
    );
    for (const p of waiting) {
      const mined = await this.minedOf(p.attempts);
      if (mined) await settleTx(this.db, this.fc, this.log, p.tx, mined.receipt, mined.attempt);
    }
    return (await pendingTxs(this.db, this.me)).length;
  }

  /**
   * Re-queueing a transaction one of whose attempts did get mined would pay twice, so "replaced"
   * must be certain: ask again after a pause (a load-balanced RPC may answer the count from a node
   * that is ahead of the one answering the receipts), for every attempt.
   */
  private async confirmReplaced(p: PendingTx): Promise<void> {
    await sleep(this.opts.replacedRecheckMs ?? 2_000, this.signal);
    const mined = await this.minedOf(p.attempts);
    if (mined) return settleTx(this.db, this.fc, this.log, p.tx, mined.receipt, mined.attempt);
    for (const a of p.attempts) {
      // An RPC failure here is not "unknown": it is thrown, and the next round asks again.
      if (await transactionOrNull(this.fc.client, a.hash)) return;
    }
    this.onReplaced();
    await markReplaced(
      this.db,
      this.log,
      p.tx,
      p.attempts.map((a) => a.hash),
    );
  }

  /**
   * Replaces the newest attempt with one paying more (./fees.ts), recorded before it is broadcast.
   * At the cap it keeps waiting on what was sent, broadcasting it again.
   */
  private async bump(p: PendingTx): Promise<void> {
    const newest = p.attempts[p.attempts.length - 1]!;
    const previous = feesOf(newest.raw);
    const result = bumpFees({
      previous,
      estimate: await feesFor(this.fc),
      maxFeePerGas: this.opts.feeBump.maxFeePerGas,
    });
    const at = { nonce: p.tx.nonce, kind: p.tx.kind, hash: newest.hash, waitedMs: Math.round(newest.ageMs) };
    if (result.kind === "capped") {
      faucetMetrics().feeBumps.inc({ outcome: "capped" });
      this.log.warn(
        {
          ...at,
          maxFeePerGas: previous.maxFeePerGas.toString(),
          neededMaxFeePerGas: result.needed.maxFeePerGas.toString(),
          capMaxFeePerGas: this.opts.feeBump.maxFeePerGas.toString(),
        },
        "faucet transaction stuck, but a fee bump would exceed FAUCET_MAX_FEE_GWEI: waiting",
      );
      await this.sendRaw(newest.raw, newest.hash);
      return;
    }
    const signed = await signReplacement(this.fc, newest.raw, result.fees);
    if (!(await recordAttempt(this.db, p.tx.id, signed))) return;
    p.attempts.push({ ...signed, ageMs: 0 });
    faucetMetrics().feeBumps.inc({ outcome: result.limited ? "limited" : "bumped" });
    this.log.info(
      {
        ...at,
        replacement: signed.hash,
        maxFeePerGas: result.fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: result.fees.maxPriorityFeePerGas.toString(),
        limited: result.limited,
      },
      "faucet transaction stuck: replaced with higher fees",
    );
    await this.opts.afterRecordAttempt?.();
    await this.sendRaw(signed.raw, signed.hash);
  }
}

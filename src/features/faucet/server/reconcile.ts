import type { Logger } from "pino";
import { type Hex, type TransactionReceipt, TransactionReceiptNotFoundError } from "viem";
import type { Db } from "@/db/client";
import type { FaucetTxRow } from "@/db/schema";
import { rpcErrorForLog } from "@/server/rpc-error";
import { sleep } from "@/server/sleep";
import type { FaucetChain } from "./chain";
import { decideTx } from "./recovery";
import { markReplaced, pendingTxs, settleTx } from "./tx-store";

// Reconciliation (split out of sender.ts): what happened to every recorded transaction still
// marked pending — settle it from its receipt, re-broadcast the same bytes, or release its payments
// when its nonce was certainly used by another transaction.

export type ReconcileOptions = { receiptTimeoutMs?: number; replacedRecheckMs?: number };

export class Reconciler {
  readonly me: string;

  constructor(
    private readonly db: Db,
    private readonly fc: FaucetChain,
    private readonly log: Logger,
    private readonly signal: AbortSignal,
    private readonly opts: ReconcileOptions = {},
    /** Called before a transaction's payments are released (the sender re-reads its nonce). */
    private readonly onReplaced: () => void = () => {},
  ) {
    this.me = fc.account.address.toLowerCase();
  }

  async sendRaw(raw: Hex, hash: Hex): Promise<void> {
    try {
      await this.fc.client.request({ method: "eth_sendRawTransaction", params: [raw] });
    } catch (err) {
      // "already known" / "nonce too low" are expected when re-broadcasting; reconcile() decides.
      this.log.debug({ hash, err: rpcErrorForLog(err) }, "faucet broadcast refused");
    }
  }

  async receiptOrNull(hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await this.fc.client.getTransactionReceipt({ hash });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    }
  }

  async waitForReceipt(hash: Hex): Promise<TransactionReceipt | null> {
    const deadline = Date.now() + (this.opts.receiptTimeoutMs ?? 60_000);
    let delay = 50;
    while (!this.signal.aborted && Date.now() < deadline) {
      const r = await this.receiptOrNull(hash);
      if (r) return r;
      await sleep(delay, this.signal);
      delay = Math.min(delay * 2, 1_000);
    }
    return null;
  }

  /**
   * Settles every recorded transaction still marked pending (see decideTx). Returns how many are
   * still pending afterwards (re-broadcast and not mined yet).
   */
  async reconcile(): Promise<number> {
    const pending = await pendingTxs(this.db, this.me);
    if (pending.length === 0) return 0;
    const latestCount = await this.fc.client.getTransactionCount({
      address: this.fc.account.address,
      blockTag: "latest",
    });
    const resent: FaucetTxRow[] = [];
    for (const tx of pending) {
      const receipt = await this.receiptOrNull(tx.hash as Hex);
      const decision = decideTx({ hasReceipt: receipt !== null, nonce: tx.nonce, latestCount });
      if (decision === "settle") await settleTx(this.db, this.fc, this.log, tx, receipt!);
      else if (decision === "replaced") {
        // Re-queueing a transaction that did get mined would pay twice, so "replaced" must be
        // certain: ask again after a pause (a load-balanced RPC may answer the count from a node
        // that is ahead of the one answering the receipt).
        await sleep(this.opts.replacedRecheckMs ?? 2_000, this.signal);
        const again = await this.receiptOrNull(tx.hash as Hex);
        const known = again
          ? null
          : await this.fc.client.getTransaction({ hash: tx.hash as Hex }).catch(() => null);
        if (again) await settleTx(this.db, this.fc, this.log, tx, again);
        else if (!known) {
          this.onReplaced();
          await markReplaced(this.db, this.log, tx);
        }
      } else {
        await this.sendRaw(tx.raw as Hex, tx.hash as Hex);
        resent.push(tx);
      }
    }
    if (resent.length === 0) return 0;
    this.log.info(
      { count: resent.length, nonces: resent.map((t) => t.nonce) },
      "faucet re-broadcast recorded transactions",
    );
    await this.waitForReceipt(resent[resent.length - 1]!.hash as Hex);
    for (const tx of resent) {
      const receipt = await this.receiptOrNull(tx.hash as Hex);
      if (receipt) await settleTx(this.db, this.fc, this.log, tx, receipt);
    }
    return (await pendingTxs(this.db, this.me)).length;
  }
}

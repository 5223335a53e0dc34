import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { Logger } from "pino";
import {
  encodeFunctionData,
  type Hex,
  keccak256,
  parseEventLogs,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  zeroAddress,
} from "viem";
import { disperseAbi, testTokenAbi } from "@/chain/generated";
import type { Db } from "@/db/client";
import { type FaucetTxRow, faucetClaims, faucetPayments, faucetTxs } from "@/db/schema";
import type { Worker } from "@/server/workers";
import type { FaucetAsset } from "../schema";
import { type BatchPlan, gasLimitFor, MAX_BATCH_RECIPIENTS, planBatch, type QueuedPayment } from "./batching";
import { type FaucetChain, faucetChainFromConfig, faucetStateFrom, readFaucetBalances } from "./chain";
import { faucetMetrics, recordBalances } from "./metrics";
import { NonceManager } from "./nonce";
import { claimStatusFromPayments, decideTx, type PaymentStatus, paymentOutcome } from "./recovery";
import { ASSET_DECIMALS, type FaucetSettings, faucetSettings } from "./settings";

/** PostgreSQL advisory lock key of the faucet sender: one sender per database, ever. */
export const FAUCET_LEADER_LOCK_KEY = 991_990_004;

export type SenderOptions = {
  /** How long to sleep when there is nothing to send. */
  idlePollMs?: number;
  /** How long to sleep while the faucet is refilling. */
  refillPollMs?: number;
  /** How long to wait for a receipt before reconciling again (re-broadcast). */
  receiptTimeoutMs?: number;
  /** Pause before a "nonce used by another transaction" verdict is checked again and acted on. */
  replacedRecheckMs?: number;
  /** Most claims per batch (default and upper bound: 100). */
  maxBatch?: number;
  /** Tests: called after a batch is recorded and before it is broadcast. */
  afterRecord?: () => Promise<void> | void;
};

type Kind = FaucetTxRow["kind"];

type SignedTx = {
  kind: Kind;
  asset: FaucetAsset;
  nonce: number;
  hash: Hex;
  raw: Hex;
  /** Payments this transaction carries (Disperse calls only). */
  claimIds: string[];
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

/**
 * The faucet sender. Each round: settle what was sent before, take up to 100 queued claims, sign
 * one Disperse call per asset (tokens after an approve of exactly the batch's sum) with locally
 * managed nonces, record every signed transaction in the database, and only then broadcast.
 *
 * Why no claim is paid twice or lost: a payment is attached to one recorded transaction at a
 * time and only returns to the queue when that transaction can no longer be mined (its nonce was
 * used by another transaction) or was mined and reverted (nothing paid). Recorded transactions are
 * re-broadcast byte for byte, so a crash between recording and broadcasting, or a node that drops
 * the transaction, cannot produce a second payment: both copies share one nonce.
 */
export class FaucetSender {
  private readonly nonces = new NonceManager();
  private refilling = false;
  private lastWarnAt = 0;
  private readonly me: `0x${string}`;

  constructor(
    private readonly db: Db,
    private readonly fc: FaucetChain,
    private readonly settings: FaucetSettings,
    private readonly log: Logger,
    private readonly signal: AbortSignal,
    private readonly opts: SenderOptions = {},
  ) {
    this.me = fc.account.address.toLowerCase() as `0x${string}`;
  }

  async run(): Promise<void> {
    await this.checkContracts();
    // Crash recovery: whatever a previous run recorded is settled, re-broadcast or re-queued first.
    await this.reconcile();
    while (!this.signal.aborted) {
      let worked: boolean;
      try {
        worked = await this.round();
      } catch (err) {
        // The node's view of our nonce is unknown after an error: re-read it next round.
        this.nonces.invalidate();
        throw err;
      }
      if (!worked)
        await sleep(
          this.refilling ? (this.opts.refillPollMs ?? 5_000) : (this.opts.idlePollMs ?? 250),
          this.signal,
        );
    }
  }

  /** One batch. Returns false when there was nothing to do (or the faucet is refilling). */
  async round(): Promise<boolean> {
    if ((await this.reconcile()) > 0) return false;
    const maxBatch = Math.min(this.opts.maxBatch ?? MAX_BATCH_RECIPIENTS, MAX_BATCH_RECIPIENTS);
    const queued = await this.loadQueued(maxBatch * 3);
    if (queued.length === 0) return false;
    const plan = planBatch(queued, maxBatch);
    if (plan.groups.length === 0) return false;

    const fees = await this.fees();
    const gas = plan.groups.reduce(
      (sum, g) =>
        sum +
        (g.asset === "native"
          ? gasLimitFor("disperse_native", g.recipients.length)
          : gasLimitFor("approve", 0) + gasLimitFor("disperse_token", g.recipients.length)),
      0n,
    );
    const need: Partial<Record<FaucetAsset, bigint>> = { native: gas * fees.maxFeePerGas };
    for (const g of plan.groups) need[g.asset] = (need[g.asset] ?? 0n) + g.total;
    const balances = await readFaucetBalances(this.fc);
    recordBalances(balances, ASSET_DECIMALS);
    const state = faucetStateFrom(balances, this.settings, need);
    this.setRefilling(state === "refilling", balances);
    if (state === "refilling") return false;

    if (!this.nonces.synced) await this.syncNonce();
    const signed = await this.sign(plan, fees);
    try {
      await this.record(plan, signed);
    } catch (err) {
      this.nonces.invalidate();
      throw err;
    }
    await this.opts.afterRecord?.();
    await this.broadcast(signed);
    const last = signed[signed.length - 1];
    if (last) await this.waitForReceipt(last.hash);
    await this.reconcile();
    return true;
  }

  private async checkContracts(): Promise<void> {
    const code = await this.fc.client.getCode({ address: this.fc.disperse });
    if (!code || code === "0x") throw new Error(`no Disperse contract at ${this.fc.disperse}`);
    for (const asset of ["tUSD", "tETH"] as const) {
      const decimals = await this.fc.client.readContract({
        address: this.fc.tokens[asset],
        abi: testTokenAbi,
        functionName: "decimals",
      });
      if (Number(decimals) !== ASSET_DECIMALS[asset]) {
        throw new Error(
          `${asset} has ${decimals} decimals on chain, the faucet expects ${ASSET_DECIMALS[asset]}`,
        );
      }
    }
  }

  private async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const f = await this.fc.client.estimateFeesPerGas();
    // Headroom so a recorded transaction stays mineable when the base fee rises: it is never re-signed.
    return { maxFeePerGas: f.maxFeePerGas * 2n, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
  }

  private async syncNonce(): Promise<void> {
    const pendingCount = await this.fc.client.getTransactionCount({
      address: this.fc.account.address,
      blockTag: "pending",
    });
    const [row] = await this.db
      .select({ n: max(faucetTxs.nonce) })
      .from(faucetTxs)
      .where(and(eq(faucetTxs.fromAddress, this.me), eq(faucetTxs.status, "pending")));
    this.nonces.sync(pendingCount, row?.n ?? null);
  }

  private async sign(
    plan: BatchPlan,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<SignedTx[]> {
    const calls: {
      kind: Kind;
      asset: FaucetAsset;
      to: `0x${string}`;
      data: Hex;
      value: bigint;
      gas: bigint;
      claimIds: string[];
    }[] = [];
    for (const g of plan.groups) {
      if (g.asset === "native") {
        calls.push({
          kind: "disperse_native",
          asset: g.asset,
          to: this.fc.disperse,
          data: encodeFunctionData({
            abi: disperseAbi,
            functionName: "disperseNative",
            args: [g.recipients, g.values],
          }),
          value: g.total,
          gas: gasLimitFor("disperse_native", g.recipients.length),
          claimIds: g.claimIds,
        });
      } else {
        const token = this.fc.tokens[g.asset];
        // Exactly the batch's sum, never unlimited: approve() sets (not adds), so leftovers of a
        // previous batch are overwritten.
        calls.push({
          kind: "approve",
          asset: g.asset,
          to: token,
          data: encodeFunctionData({
            abi: testTokenAbi,
            functionName: "approve",
            args: [this.fc.disperse, g.total],
          }),
          value: 0n,
          gas: gasLimitFor("approve", 0),
          claimIds: [],
        });
        calls.push({
          kind: "disperse_token",
          asset: g.asset,
          to: this.fc.disperse,
          data: encodeFunctionData({
            abi: disperseAbi,
            functionName: "disperseToken",
            args: [token, g.recipients, g.values],
          }),
          value: 0n,
          gas: gasLimitFor("disperse_token", g.recipients.length),
          claimIds: g.claimIds,
        });
      }
    }
    const nonces = this.nonces.take(calls.length);
    return Promise.all(
      calls.map(async (c, i) => {
        const nonce = nonces[i]!;
        const raw = await this.fc.account.signTransaction!({
          type: "eip1559",
          chainId: this.fc.chainId,
          nonce,
          to: c.to,
          data: c.data,
          value: c.value,
          gas: c.gas,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        });
        return { kind: c.kind, asset: c.asset, nonce, raw, hash: keccak256(raw), claimIds: c.claimIds };
      }),
    );
  }

  /** Records the signed transactions and attaches the payments to them, all or nothing. */
  private async record(plan: BatchPlan, signed: SignedTx[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(faucetTxs)
        .values(
          signed.map((s) => ({
            fromAddress: this.me,
            nonce: s.nonce,
            hash: s.hash,
            raw: s.raw,
            kind: s.kind,
            asset: s.asset,
          })),
        )
        .returning({ id: faucetTxs.id, hash: faucetTxs.hash });
      const idByHash = new Map(inserted.map((r) => [r.hash, r.id]));
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
        .where(
          and(inArray(faucetClaims.id, plan.claimIds), inArray(faucetClaims.status, ["queued", "sent"])),
        );
    });
  }

  private async broadcast(signed: SignedTx[]): Promise<void> {
    for (const s of [...signed].sort((a, b) => a.nonce - b.nonce)) await this.sendRaw(s.raw, s.hash);
  }

  private async sendRaw(raw: Hex, hash: Hex): Promise<void> {
    try {
      await this.fc.client.request({ method: "eth_sendRawTransaction", params: [raw] });
    } catch (err) {
      // "already known" / "nonce too low" are expected when re-broadcasting; reconcile() decides.
      this.log.debug({ hash, err: (err as Error).message }, "faucet broadcast refused");
    }
  }

  private async receiptOrNull(hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await this.fc.client.getTransactionReceipt({ hash });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    }
  }

  private async waitForReceipt(hash: Hex): Promise<TransactionReceipt | null> {
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
    const pending = await this.pendingTxs();
    if (pending.length === 0) return 0;
    const latestCount = await this.fc.client.getTransactionCount({
      address: this.fc.account.address,
      blockTag: "latest",
    });
    const resent: FaucetTxRow[] = [];
    for (const tx of pending) {
      const receipt = await this.receiptOrNull(tx.hash as Hex);
      const decision = decideTx({ hasReceipt: receipt !== null, nonce: tx.nonce, latestCount });
      if (decision === "settle") await this.settle(tx, receipt!);
      else if (decision === "replaced") {
        // Re-queueing a transaction that did get mined would pay twice, so "replaced" must be
        // certain: ask again after a pause (a load-balanced RPC may answer the count from a node
        // that is ahead of the one answering the receipt).
        await sleep(this.opts.replacedRecheckMs ?? 2_000, this.signal);
        const again = await this.receiptOrNull(tx.hash as Hex);
        const known = again
          ? null
          : await this.fc.client.getTransaction({ hash: tx.hash as Hex }).catch(() => null);
        if (again) await this.settle(tx, again);
        else if (!known) await this.replaced(tx);
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
      if (receipt) await this.settle(tx, receipt);
    }
    return (await this.pendingTxs()).length;
  }

  private pendingTxs(): Promise<FaucetTxRow[]> {
    return this.db
      .select()
      .from(faucetTxs)
      .where(and(eq(faucetTxs.fromAddress, this.me), eq(faucetTxs.status, "pending")))
      .orderBy(asc(faucetTxs.nonce));
  }

  /** Applies a mined transaction's outcome to its payments and their claims, in one DB transaction. */
  private async settle(row: FaucetTxRow, receipt: TransactionReceipt): Promise<void> {
    const status = receipt.status === "success" ? "confirmed" : "reverted";
    const token = row.asset === "native" ? zeroAddress : this.fc.tokens[row.asset];
    const refused = new Set(
      parseEventLogs({ abi: disperseAbi, logs: receipt.logs, eventName: "PaymentFailed" })
        .filter(
          (l) =>
            l.address.toLowerCase() === this.fc.disperse.toLowerCase() &&
            l.args.token.toLowerCase() === token.toLowerCase(),
        )
        .map((l) => l.args.recipient.toLowerCase()),
    );
    const counts: Record<string, number> = {};
    await this.db.transaction(async (tx) => {
      await tx
        .update(faucetTxs)
        .set({ status, blockNumber: Number(receipt.blockNumber), updatedAt: new Date() })
        .where(eq(faucetTxs.id, row.id));
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
    });
    for (const [outcome, n] of Object.entries(counts))
      faucetMetrics().payouts.inc({ asset: row.asset, outcome }, n);
    if (status === "reverted")
      this.log.error({ hash: row.hash, nonce: row.nonce, kind: row.kind }, "faucet transaction reverted");
  }

  /** Our transaction can never be mined (its nonce was used by another): its payments go back to the queue. */
  private async replaced(row: FaucetTxRow): Promise<void> {
    this.log.warn(
      { hash: row.hash, nonce: row.nonce },
      "faucet transaction replaced by another with the same nonce; re-queueing its payments",
    );
    this.nonces.invalidate();
    await this.db.transaction(async (tx) => {
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
    });
  }

  private async loadQueued(limit: number): Promise<QueuedPayment[]> {
    const rows = await this.db
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

  private setRefilling(refilling: boolean, balances: Record<FaucetAsset, bigint>): void {
    faucetMetrics().refilling.set(refilling ? 1 : 0);
    const now = Date.now();
    if (refilling && (!this.refilling || now - this.lastWarnAt > 60_000)) {
      this.lastWarnAt = now;
      this.log.warn(
        {
          faucet: this.fc.account.address,
          balances: Object.fromEntries(Object.entries(balances).map(([k, v]) => [k, v.toString()])),
          minNativeBalance: this.settings.minNativeBalance.toString(),
        },
        "faucet balance is low: sending paused until the faucet account is refilled",
      );
    } else if (!refilling && this.refilling) {
      this.log.info("faucet refilled: sending resumed");
    }
    this.refilling = refilling;
  }
}

/** Recomputes the claims' statuses from their payments (see claimStatusFromPayments). */
async function refreshClaims(db: Db, claimIds: string[], errors: Map<string, string>): Promise<void> {
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
    await db
      .update(faucetClaims)
      .set({ status: next as PaymentStatus, updatedAt: now })
      .where(inArray(faucetClaims.id, group));
  }
  for (const [id, error] of errors) {
    await db.update(faucetClaims).set({ error }).where(eq(faucetClaims.id, id));
  }
}

/** The faucet sender as a worker for src/server/workers.ts. */
export function createFaucetSenderWorker(
  deps: { chain?: () => FaucetChain; settings?: () => FaucetSettings; options?: SenderOptions } = {},
): Worker {
  return {
    name: "faucet-sender",
    leaderLockKey: FAUCET_LEADER_LOCK_KEY,
    async run({ signal, db, log }) {
      const fc = (deps.chain ?? faucetChainFromConfig)();
      const settings = (deps.settings ?? faucetSettings)();
      log.info({ faucet: fc.account.address, disperse: fc.disperse }, "faucet sender started");
      await new FaucetSender(db, fc, settings, log, signal, deps.options).run();
    },
  };
}

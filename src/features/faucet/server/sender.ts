import { and, eq, max } from "drizzle-orm";
import type { Logger } from "pino";
import { testTokenAbi } from "@/chain/generated";
import type { Db } from "@/db/client";
import { faucetTxs } from "@/db/schema";
import { sleep } from "@/server/sleep";
import type { Worker } from "@/server/workers";
import type { FaucetAsset } from "../schema";
import { type AssetGroup, gasLimitFor, MAX_BATCH_RECIPIENTS, planBatch, trimBatch } from "./batching";
import { type FaucetChain, faucetChainFromConfig, faucetStateFrom, readFaucetBalances } from "./chain";
import { capFees } from "./fees";
import { faucetMetrics, recordBalances } from "./metrics";
import { NonceManager } from "./nonce";
import { Reconciler } from "./reconcile";
import { ASSET_DECIMALS, type FaucetSettings, faucetSettings } from "./settings";
import { feesFor, type SignedTx, signBatch } from "./signing";
import { loadQueued, pendingFromOtherKeys, recordBatch } from "./tx-store";

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
  /** Tests: called after a fee-bumped attempt is recorded and before it is broadcast. */
  afterRecordAttempt?: () => Promise<void> | void;
};

/**
 * The faucet sender. Each round: settle what was sent before, take up to 100 queued claims (the
 * oldest, as many as the balances cover: `trimBatch`), sign one Disperse call per asset (tokens
 * after an approve of exactly the batch's sum) with locally managed nonces, record every signed
 * transaction in the database, and only then broadcast.
 *
 * Why no claim is paid twice or lost: a payment is attached to one recorded transaction at a
 * time and only returns to the queue when that transaction can no longer be mined (its nonce was
 * used by another transaction and none of its attempts has a receipt) or was mined and reverted
 * (nothing paid). Every signed variant of a transaction — the first, and each fee bump — shares
 * its nonce and payload and is recorded before it is broadcast, so a crash between recording and
 * broadcasting, a node that drops it, or a bump mined instead of the original cannot produce a
 * second payment: one nonce is mined once, and settlement finds whichever variant it was.
 */
export class FaucetSender {
  private readonly nonces = new NonceManager();
  private refilling = false;
  private lastWarnAt = 0;
  private readonly me: `0x${string}`;
  private readonly reconciler: Reconciler;

  constructor(
    private readonly db: Db,
    private readonly fc: FaucetChain,
    private readonly settings: FaucetSettings,
    private readonly log: Logger,
    private readonly signal: AbortSignal,
    private readonly opts: SenderOptions = {},
  ) {
    this.me = fc.account.address.toLowerCase() as `0x${string}`;
    this.reconciler = new Reconciler(db, fc, log, signal, { ...opts, feeBump: settings.feeBump }, () =>
      this.nonces.invalidate(),
    );
  }

  /** Settles every recorded transaction still pending; how many remain pending (see reconcile.ts). */
  reconcile(): Promise<number> {
    return this.reconciler.reconcile();
  }

  async run(): Promise<void> {
    await this.checkContracts();
    for (const other of await pendingFromOtherKeys(this.db, this.me)) {
      this.log.error(
        { faucet: this.me, otherKey: other.address, pendingTxs: other.txs },
        "faucet transactions signed by another key are still pending: their claims wait until FAUCET_PRIVATE_KEY is that key again and they are settled (docs/api.md, Faucet)",
      );
    }
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
    const queued = await loadQueued(this.db, maxBatch * 3);
    if (queued.length === 0) return false;
    const planned = planBatch(queued, maxBatch);
    if (planned.groups.length === 0) return false;

    // Capped like a fee bump: a spike at signing time must not cost more than a stuck transaction may.
    const fees = capFees(await feesFor(this.fc), this.settings.feeBump.maxFeePerGas);
    const balances = await readFaucetBalances(this.fc);
    recordBalances(balances, ASSET_DECIMALS);
    const plan = trimBatch(
      planned,
      (groups) => faucetStateFrom(balances, this.settings, batchCost(groups, fees.maxFeePerGas)) === "ok",
    );
    // Refilling only when not even the oldest claim can be paid (the rule /api/faucet/status shows).
    const refilling = plan.groups.length === 0;
    this.setRefilling(refilling, balances);
    if (refilling) return false;

    if (!this.nonces.synced) await this.syncNonce();
    const signed = await signBatch(this.fc, this.nonces, plan, fees);
    try {
      await recordBatch(this.db, this.me, plan, signed);
    } catch (err) {
      this.nonces.invalidate();
      throw err;
    }
    await this.opts.afterRecord?.();
    await this.broadcast(signed);
    const last = signed[signed.length - 1];
    if (last) await this.reconciler.waitForReceipt([last.hash]);
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

  private async broadcast(signed: SignedTx[]): Promise<void> {
    for (const s of [...signed].sort((a, b) => a.nonce - b.nonce))
      await this.reconciler.sendRaw(s.raw, s.hash);
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

/** What paying `groups` takes from the faucet account: their amounts, and their gas in native coin. */
function batchCost(
  groups: readonly AssetGroup[],
  maxFeePerGas: bigint,
): Partial<Record<FaucetAsset, bigint>> {
  const gas = groups.reduce(
    (sum, g) =>
      sum +
      (g.asset === "native"
        ? gasLimitFor("disperse_native", g.recipients.length)
        : gasLimitFor("approve", 0) + gasLimitFor("disperse_token", g.recipients.length)),
    0n,
  );
  const need: Partial<Record<FaucetAsset, bigint>> = { native: gas * maxFeePerGas };
  for (const g of groups) need[g.asset] = (need[g.asset] ?? 0n) + g.total;
  return need;
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

import { and, eq } from "drizzle-orm";
import {
  type Address,
  BaseError,
  type Hex,
  keccak256,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { testnetClient } from "@/chain/clients";
import { receiptOrNull, transactionOrNull } from "@/chain/lookups";
import type { Db } from "@/db/client";
import { airdropTxs } from "@/db/schema";
import { config } from "@/server/config";
import { logger } from "@/server/logger";

export type TxKind = "token" | "deploy" | "fund" | "sweep";

/** The chain side of the publish and sweep jobs; tests give their own Anvil client and key. */
export type ChainEnv = { client: PublicClient; account: PrivateKeyAccount; chainId: number };

export function defaultChainEnv(): ChainEnv {
  const c = config();
  return {
    client: testnetClient(),
    account: privateKeyToAccount(c.deployerPrivateKey),
    chainId: c.TESTNET_CHAIN_ID,
  };
}

export class AirdropJobError extends Error {
  override name = "AirdropJobError";
}

const text = (err: unknown) =>
  (err instanceof BaseError ? `${err.shortMessage} ${err.details ?? ""}` : String(err)).toLowerCase();

/**
 * Sends the round's transaction of `kind` exactly once, however often it is called. The
 * transaction is signed with an explicit nonce and its raw bytes and hash are stored BEFORE it is
 * broadcast; every later call re-broadcasts those same bytes (a no-op once mined) and waits for the
 * receipt. A new one is signed only when the chain proves the stored one did nothing and never
 * will: its nonce went to another transaction and it has no receipt, or it was mined and reverted.
 * A revert of the transaction this call waited for is an error (the operator fixes the cause, e.g.
 * tops the deployer up, and retries); a retry that finds it reverted signs anew (`build` checks
 * again, e.g. the balance).
 * `afterRecord` is the crash-test hook between storing and broadcasting.
 *
 * Why this stays exactly once: only a stored row's bytes are ever broadcast, and (round, kind) is
 * the row's primary key, so two callers signing at once store one transaction and both follow it
 * (the loser's bytes are dropped unsent); a crash after signing and before storing left bytes that
 * nobody can broadcast, and one after storing is resumed by re-broadcasting them. A row is replaced
 * only once its transaction is proven to have had no effect, and only if it is still the row that
 * proof was about (`hash` in the DELETE): a caller acting on an older read must not delete the
 * replacement another caller has already stored, perhaps broadcast, and then sign a second one.
 * (This takes a mined receipt as final, as the nonce rule does: a chain reorganising past it could
 * mine the old transaction too.)
 */
export async function sendOnce(
  db: Db,
  env: ChainEnv,
  roundId: string,
  kind: TxKind,
  build: () => Promise<{ to?: Address; data: Hex }>,
  afterRecord?: (kind: TxKind) => void | Promise<void>,
): Promise<TransactionReceipt> {
  for (let attempt = 0; attempt < 3; attempt++) {
    let rec = await recorded(db, roundId, kind);
    if (!rec) {
      const { to, data } = await build();
      const { client, account } = env;
      const [nonce, fees, estimate] = await Promise.all([
        client.getTransactionCount({ address: account.address, blockTag: "pending" }),
        client.estimateFeesPerGas(),
        client.estimateGas({ account: account.address, to, data }),
      ]);
      const raw = await account.signTransaction({
        chainId: env.chainId,
        type: "eip1559",
        nonce,
        to: to ?? null,
        data,
        gas: (estimate * 13n) / 10n + 50_000n,
        // Headroom so a rising base fee does not strand the stored transaction.
        maxFeePerGas: fees.maxFeePerGas * 2n,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      await db
        .insert(airdropTxs)
        .values({ roundId, kind, hash: keccak256(raw), raw, nonce })
        .onConflictDoNothing();
      // Another job may have recorded first: from here on, only the stored row counts.
      rec = await recorded(db, roundId, kind);
      if (!rec) throw new AirdropJobError(`could not record the ${kind} transaction`);
      await afterRecord?.(kind);
    }
    const hash = rec.hash as Hex;
    let receipt = await receiptOrNull(env.client, hash);
    if (receipt?.status === "reverted") {
      // Found reverted (a call before reported it): it did nothing, so sign anew; `build` checks again.
      logger.warn(
        { round: roundId, kind, hash, block: Number(receipt.blockNumber) },
        "airdrop transaction reverted: signing a new one",
      );
      await forget(db, roundId, kind, hash);
      continue;
    }
    if (!receipt) {
      try {
        await env.client.sendRawTransaction({ serializedTransaction: rec.raw as Hex });
      } catch (err) {
        const msg = text(err);
        if (
          !/already known|known transaction|already imported|nonce too low|nonce has already been used/.test(
            msg,
          )
        ) {
          throw err;
        }
        if (/nonce/.test(msg) && (await nonceTakenByAnother(env.client, hash))) {
          // The nonce went to another transaction, so the stored one can never be mined: sign anew.
          await forget(db, roundId, kind, hash);
          continue;
        }
      }
      receipt = await env.client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 180_000 });
    }
    if (receipt.status !== "success") {
      // Left stored: the next call finds it reverted and replaces it.
      logger.warn(
        { round: roundId, kind, hash, block: Number(receipt.blockNumber) },
        "airdrop transaction reverted",
      );
      throw new AirdropJobError(`the ${kind} transaction ${hash} reverted`);
    }
    if (rec.minedBlock === null) {
      await db
        .update(airdropTxs)
        .set({ minedBlock: Number(receipt.blockNumber) })
        .where(and(eq(airdropTxs.roundId, roundId), eq(airdropTxs.kind, kind), eq(airdropTxs.hash, hash)));
    }
    return receipt;
  }
  throw new AirdropJobError(`the ${kind} transaction could not be sent`);
}

/**
 * "Nonce too low" for the stored transaction: did another transaction take its nonce? Only when,
 * after a pause, the node still has neither its receipt nor the transaction itself. A load-balanced
 * RPC can answer the nonce from a node ahead of the one answering receipts, and an RPC failure is
 * thrown rather than read as "no receipt": signing anew after our own transaction was mined would
 * fund, deploy or mint twice.
 */
async function nonceTakenByAnother(client: ChainEnv["client"], hash: Hex): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, NONCE_RECHECK_MS));
  if (await receiptOrNull(client, hash)) return false;
  return (await transactionOrNull(client, hash)) === null;
}

const NONCE_RECHECK_MS = 2_000;

/** Drops the stored transaction `hash` (proven to have done nothing), unless another has replaced it. */
async function forget(db: Db, roundId: string, kind: TxKind, hash: Hex) {
  await db
    .delete(airdropTxs)
    .where(and(eq(airdropTxs.roundId, roundId), eq(airdropTxs.kind, kind), eq(airdropTxs.hash, hash)));
}

async function recorded(db: Db, roundId: string, kind: TxKind) {
  const [row] = await db
    .select()
    .from(airdropTxs)
    .where(and(eq(airdropTxs.roundId, roundId), eq(airdropTxs.kind, kind)));
  return row;
}

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pino from "pino";
import { type TransactionReceipt, TransactionReceiptNotFoundError } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { testDb } from "../../../../test/db";
import type { FaucetChain } from "./chain";
import { Reconciler } from "./reconcile";
import { queryRows } from "./rows";

// The "replaced" verdict re-checks before it releases payments (reconcile.ts): a transaction whose
// nonce looks used but whose receipt shows up on the second look is settled, one the node still
// knows stays pending, and only one that is gone is released. Re-queueing a mined transaction would
// pay twice, so each branch is pinned here.

let handle: DbHandle;
const faucet = privateKeyToAccount(generatePrivateKey());
const DISPERSE = "0x00000000000000000000000000000000000000d1" as const;
let nonce = 0;

beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

/** A recorded native payout transaction carrying one sent payment. */
async function recorded(): Promise<{ hash: `0x${string}`; claimId: string }> {
  const user = await createTestSession(privateKeyToAccount(generatePrivateKey()).address, { db: handle.db });
  const claimId = randomUUID();
  const hash = `0x${(++nonce).toString(16).padStart(64, "a")}` as `0x${string}`;
  await handle.db.execute(sql`INSERT INTO faucet_claims (id, user_id, address, status)
    VALUES (${claimId}, ${user.user.id}, ${user.user.address.toLowerCase()}, 'sent')`);
  const [tx] = await queryRows<{ id: number }>(
    handle.db,
    sql`INSERT INTO faucet_txs (from_address, nonce, hash, raw, kind, asset)
        VALUES (${faucet.address.toLowerCase()}, ${nonce}, ${hash}, '0x00', 'disperse_native', 'native') RETURNING id`,
  );
  await handle.db.execute(sql`INSERT INTO faucet_payments (claim_id, asset, amount, status, tx_id)
    VALUES (${claimId}, 'native', 1, 'sent', ${tx!.id})`);
  return { hash, claimId };
}

/** A chain whose nonce count says every recorded nonce is used; receipts and lookups as scripted. */
function chain(script: { receipts: (TransactionReceipt | null)[]; known: boolean }): FaucetChain {
  const receipts = [...script.receipts];
  return {
    account: faucet,
    chainId: 99199,
    disperse: DISPERSE,
    tokens: {
      tUSD: "0x00000000000000000000000000000000000000e1",
      tETH: "0x00000000000000000000000000000000000000e2",
    },
    client: {
      getTransactionCount: async () => 1_000,
      getTransactionReceipt: async ({ hash }: { hash: string }) => {
        const next = receipts.length > 1 ? receipts.shift() : receipts[0];
        if (!next) throw new TransactionReceiptNotFoundError({ hash: hash as `0x${string}` });
        return next;
      },
      getTransaction: async () => {
        if (!script.known) throw new Error("not found");
        return { hash: "0x" };
      },
      request: async () => null,
    },
  } as unknown as FaucetChain;
}

const receipt = { status: "success", blockNumber: 7n, logs: [] } as unknown as TransactionReceipt;
const state = async (claimId: string) =>
  (
    await queryRows<{ tx: string; payment: string }>(
      handle.db,
      sql`SELECT t.status AS tx, p.status AS payment FROM faucet_payments p
          JOIN faucet_claims c ON c.id = p.claim_id LEFT JOIN faucet_txs t ON t.hash = (
            SELECT hash FROM faucet_txs WHERE id = (SELECT tx_id FROM faucet_payments WHERE claim_id = ${claimId}) )
          WHERE p.claim_id = ${claimId}`,
    )
  )[0];

const run = async (fc: FaucetChain) => {
  let released = 0;
  const r = new Reconciler(
    handle.db,
    fc,
    pino({ level: "silent" }),
    new AbortController().signal,
    { replacedRecheckMs: 0 },
    () => {
      released++;
    },
  );
  await r.reconcile();
  return released;
};

describe("reconcile: the replaced re-check", () => {
  it("settles a transaction whose receipt appears on the second look instead of re-queueing it", async () => {
    const { claimId } = await recorded();
    const released = await run(chain({ receipts: [null, receipt], known: false }));
    expect(released).toBe(0);
    expect(await state(claimId)).toEqual({ tx: "confirmed", payment: "confirmed" });
  });

  it("leaves a transaction the node still knows pending, with its payment attached", async () => {
    const { claimId } = await recorded();
    const released = await run(chain({ receipts: [null], known: true }));
    expect(released).toBe(0);
    expect(await state(claimId)).toEqual({ tx: "pending", payment: "sent" });
    // Settle it so the next cases see only their own transaction.
    await run(chain({ receipts: [receipt], known: true }));
  });

  it("releases the payments of a transaction that is certainly gone", async () => {
    const { claimId } = await recorded();
    const released = await run(chain({ receipts: [null], known: false }));
    expect(released).toBe(1);
    const [row] = await queryRows<{ status: string; tx_id: number | null }>(
      handle.db,
      sql`SELECT status, tx_id FROM faucet_payments WHERE claim_id = ${claimId}`,
    );
    expect(row).toEqual({ status: "queued", tx_id: null });
  });
});

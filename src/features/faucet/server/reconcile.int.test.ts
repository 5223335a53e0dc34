import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pino from "pino";
import {
  type Hex,
  keccak256,
  parseGwei,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import type { FaucetTxRow } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { metricsRegistry } from "@/server/metrics";
import { testDb } from "../../../../test/db";
import { recordAttempt } from "./attempts";
import type { FaucetChain } from "./chain";
import { getClaimView } from "./claims";
import { Reconciler } from "./reconcile";
import { queryRows } from "./rows";
import { feesOf } from "./signing";
import { markReplaced } from "./tx-store";

// Reconciliation against a scripted chain, one faucet account per test. The "replaced" verdict
// re-checks before it releases payments, over EVERY attempt of the nonce: a transaction whose
// nonce looks used but one of whose attempts has a receipt is settled from that attempt, one the
// node still knows stays pending, and only one all of whose attempts are gone is released.
// Re-queueing a mined transaction would pay twice, so each branch is pinned here; so are the fee
// bump (recorded before broadcast, capped) and a crash between recording a bump and sending it.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const DISPERSE = "0x00000000000000000000000000000000000000d1" as const;
const FEE_BUMP = { afterSeconds: 60, maxFeePerGas: parseGwei("100") };
const log = pino({ level: "silent" });

type Recorded = { faucet: PrivateKeyAccount; claimId: string; userId: string; txId: number; hashes: Hex[] };

/** A signed variant of the faucet's native payout at `nonce` with `maxFee` gwei (tip 1 gwei). */
const sign = (faucet: PrivateKeyAccount, maxFee: string) =>
  faucet.signTransaction({
    type: "eip1559",
    chainId: 99199,
    nonce: 7,
    to: DISPERSE,
    data: "0x1234",
    value: 1n,
    gas: 100_000n,
    maxFeePerGas: parseGwei(maxFee),
    maxPriorityFeePerGas: parseGwei("1"),
  });

/** A recorded native payout carrying one sent payment, with one attempt per fee in `fees`. */
async function recorded(fees: string[] = ["4"]): Promise<Recorded> {
  const faucet = privateKeyToAccount(generatePrivateKey());
  const user = await createTestSession(privateKeyToAccount(generatePrivateKey()).address, { db: handle.db });
  const claimId = randomUUID();
  await handle.db.execute(sql`INSERT INTO faucet_claims (id, user_id, address, status)
    VALUES (${claimId}, ${user.user.id}, ${user.user.address.toLowerCase()}, 'sent')`);
  const raws = await Promise.all(fees.map((f) => sign(faucet, f)));
  const first = raws[0]!;
  const [tx] = await queryRows<{ id: number }>(
    handle.db,
    sql`INSERT INTO faucet_txs (from_address, nonce, hash, raw, kind, asset)
        VALUES (${faucet.address.toLowerCase()}, 7, ${keccak256(first)}, ${first}, 'disperse_native', 'native')
        RETURNING id`,
  );
  await handle.db.execute(sql`INSERT INTO faucet_tx_attempts (tx_id, hash, raw)
    VALUES (${tx!.id}, ${keccak256(first)}, ${first})`);
  for (const raw of raws.slice(1)) await recordAttempt(handle.db, tx!.id, { hash: keccak256(raw), raw });
  await handle.db.execute(sql`INSERT INTO faucet_payments (claim_id, asset, amount, status, tx_id)
    VALUES (${claimId}, 'native', 1, 'sent', ${tx!.id})`);
  return { faucet, claimId, userId: user.user.id, txId: tx!.id, hashes: raws.map((r) => keccak256(r)) };
}

/** Makes every attempt of the transaction look `seconds` old (on the database's clock). */
const age = (txId: number, seconds: number) =>
  handle.db.execute(sql`UPDATE faucet_tx_attempts SET created_at = now() - make_interval(secs => ${seconds})
    WHERE tx_id = ${txId}`);

type Script = {
  /** The account's mined transaction count: 8 means nonce 7 is used. */
  count: number;
  /** Per hash, the answer to each successive receipt lookup (the last one repeats); none: no receipt. */
  receipts?: Record<string, (TransactionReceipt | null)[]>;
  known?: Hex[];
  /** Called with each broadcast, before it "reaches" the node. */
  onSend?: (raw: Hex) => Promise<void> | void;
};

function chain(faucet: PrivateKeyAccount, script: Script): FaucetChain & { sent: Hex[] } {
  const sent: Hex[] = [];
  const lookups = new Map<string, number>();
  return {
    sent,
    account: faucet,
    chainId: 99199,
    disperse: DISPERSE,
    tokens: {
      tUSD: "0x00000000000000000000000000000000000000e1",
      tETH: "0x00000000000000000000000000000000000000e2",
    },
    client: {
      getTransactionCount: async () => script.count,
      estimateFeesPerGas: async () => ({
        maxFeePerGas: parseGwei("2.2"),
        maxPriorityFeePerGas: parseGwei("1"),
      }),
      getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
        const answers = script.receipts?.[hash] ?? [null];
        const i = lookups.get(hash) ?? 0;
        lookups.set(hash, i + 1);
        const next = answers[Math.min(i, answers.length - 1)];
        if (!next) throw new TransactionReceiptNotFoundError({ hash });
        return { ...next, transactionHash: hash };
      },
      getTransaction: async ({ hash }: { hash: Hex }) => {
        if (!script.known?.includes(hash)) throw new TransactionNotFoundError({ hash });
        return { hash };
      },
      request: async ({ params }: { params: [Hex] }) => {
        await script.onSend?.(params[0]);
        sent.push(params[0]);
        return keccak256(params[0]);
      },
    },
  } as unknown as FaucetChain & { sent: Hex[] };
}

const receipt = { status: "success", blockNumber: 7n, logs: [] } as unknown as TransactionReceipt;

const state = async (r: Recorded) =>
  (
    await queryRows<{ tx: string; hash: string; payment: string; claim: string }>(
      handle.db,
      sql`SELECT t.status AS tx, t.hash, p.status AS payment, c.status AS claim FROM faucet_txs t
          JOIN faucet_payments p ON p.claim_id = ${r.claimId} JOIN faucet_claims c ON c.id = p.claim_id
          WHERE t.id = ${r.txId}`,
    )
  )[0];
const attempts = async (r: Recorded) =>
  await queryRows<{ hash: Hex; raw: Hex }>(
    handle.db,
    sql`SELECT hash, raw FROM faucet_tx_attempts WHERE tx_id = ${r.txId} ORDER BY id`,
  );

const run = async (
  fc: FaucetChain,
  opts: { feeBump?: typeof FEE_BUMP; afterRecordAttempt?: () => void } = {},
) => {
  let released = 0;
  const r = new Reconciler(
    handle.db,
    fc,
    log,
    new AbortController().signal,
    { replacedRecheckMs: 0, receiptTimeoutMs: 0, feeBump: opts.feeBump ?? FEE_BUMP, ...opts },
    () => {
      released++;
    },
  );
  const pending = await r.reconcile();
  return { released, pending };
};

describe("reconcile: the replaced re-check", () => {
  it("settles a transaction whose receipt appears on the second look instead of re-queueing it", async () => {
    const r = await recorded();
    const { released } = await run(
      chain(r.faucet, { count: 8, receipts: { [r.hashes[0]!]: [null, receipt] } }),
    );
    expect(released).toBe(0);
    expect(await state(r)).toMatchObject({ tx: "confirmed", payment: "confirmed" });
  });

  it("leaves a transaction the node still knows pending, with its payment attached", async () => {
    const r = await recorded();
    const { released } = await run(chain(r.faucet, { count: 8, known: [r.hashes[0]!] }));
    expect(released).toBe(0);
    expect(await state(r)).toMatchObject({ tx: "pending", payment: "sent" });
  });

  it("releases the payments of a transaction that is certainly gone", async () => {
    const r = await recorded();
    const { released } = await run(chain(r.faucet, { count: 8 }));
    expect(released).toBe(1);
    const [row] = await queryRows<{ status: string; tx_id: number | null }>(
      handle.db,
      sql`SELECT status, tx_id FROM faucet_payments WHERE claim_id = ${r.claimId}`,
    );
    expect(row).toEqual({ status: "queued", tx_id: null });
  });
});

describe("reconcile: several attempts of one nonce", () => {
  it("settles from the bump that was mined (nonce used, the original has no receipt) and shows its hash", async () => {
    const r = await recorded(["4", "4.5"]);
    const [original, bump] = r.hashes as [Hex, Hex];
    const { released } = await run(chain(r.faucet, { count: 8, receipts: { [bump]: [receipt] } }));
    expect(released).toBe(0);
    expect(await state(r)).toEqual({ tx: "confirmed", hash: bump, payment: "confirmed", claim: "confirmed" });
    const view = await getClaimView(handle.db, r.claimId, r.userId);
    expect(view?.txHash).toBe(bump);
    expect(view?.payments[0]?.txHash).toBe(bump);
    expect(view?.txHash).not.toBe(original);
  });

  it("settles from the original when it was mined after a bump was recorded, and shows the original", async () => {
    const r = await recorded(["4", "4.5", "5.07"]);
    const { released } = await run(chain(r.faucet, { count: 8, receipts: { [r.hashes[0]!]: [receipt] } }));
    expect(released).toBe(0);
    expect(await state(r)).toMatchObject({ tx: "confirmed", hash: r.hashes[0], payment: "confirmed" });
  });

  it("finds a bump's receipt on the re-check even when the first look saw none", async () => {
    const r = await recorded(["4", "4.5"]);
    const { released } = await run(
      chain(r.faucet, { count: 8, receipts: { [r.hashes[1]!]: [null, receipt] } }),
    );
    expect(released).toBe(0);
    expect(await state(r)).toMatchObject({ tx: "confirmed", hash: r.hashes[1], payment: "confirmed" });
  });

  it("keeps waiting while any attempt is still known to the node", async () => {
    const r = await recorded(["4", "4.5"]);
    const { released } = await run(chain(r.faucet, { count: 8, known: [r.hashes[1]!] }));
    expect(released).toBe(0);
    expect(await state(r)).toMatchObject({ tx: "pending", payment: "sent" });
  });

  it("releases only when the nonce is used and no attempt has a receipt", async () => {
    const r = await recorded(["4", "4.5", "5.07"]);
    const { released } = await run(chain(r.faucet, { count: 8 }));
    expect(released).toBe(1);
    expect(await state(r)).toMatchObject({ tx: "replaced", payment: "queued", claim: "queued" });
  });

  it("refuses a release that did not check an attempt recorded since, and a bump of a released one", async () => {
    const r = await recorded(["4", "4.5"]);
    const [row] = await queryRows<FaucetTxRow>(handle.db, sql`SELECT * FROM faucet_txs WHERE id = ${r.txId}`);
    // A sender that lost its lock recorded the second attempt after this one read only the first.
    expect(await markReplaced(handle.db, log, { ...row!, id: r.txId }, [r.hashes[0]!])).toBe(false);
    expect(await state(r)).toMatchObject({ tx: "pending", payment: "sent" });
    expect(await markReplaced(handle.db, log, { ...row!, id: r.txId }, r.hashes)).toBe(true);
    expect(await state(r)).toMatchObject({ tx: "replaced", payment: "queued" });
    const late = await sign(r.faucet, "9");
    expect(await recordAttempt(handle.db, r.txId, { hash: keccak256(late), raw: late })).toBe(false);
    expect((await attempts(r)).length).toBe(2);
  });
});

describe("reconcile: fee bump", () => {
  const bumps = async (outcome: string) =>
    Number(
      new RegExp(`aurum_faucet_fee_bumps_total\\{[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`).exec(
        await metricsRegistry.getSingleMetricAsString("aurum_faucet_fee_bumps_total"),
      )?.[1] ?? 0,
    );

  it("re-broadcasts the same bytes before the threshold, nothing new is signed", async () => {
    const r = await recorded(["4"]);
    await age(r.txId, 59);
    const fc = chain(r.faucet, { count: 7 });
    const { pending } = await run(fc);
    expect(pending).toBeGreaterThanOrEqual(1);
    expect((await attempts(r)).map((a) => a.hash)).toEqual(r.hashes);
    expect(fc.sent.map((raw) => keccak256(raw))).toEqual(r.hashes);
  });

  it("past the threshold records a replacement before it is broadcast, and the claim shows its hash", async () => {
    const r = await recorded(["4"]);
    await age(r.txId, 61);
    const seenAtBroadcast: boolean[] = [];
    const fc = chain(r.faucet, {
      count: 7,
      onSend: async (raw) => {
        const rows = await queryRows(
          handle.db,
          sql`SELECT 1 FROM faucet_tx_attempts WHERE hash = ${keccak256(raw)}`,
        );
        seenAtBroadcast.push(rows.length === 1);
      },
    });
    const before = await bumps("bumped");
    await run(fc);
    const all = await attempts(r);
    expect(all.length).toBe(2);
    const bump = all[1]!;
    expect(fc.sent).toEqual([bump.raw]);
    expect(seenAtBroadcast).toEqual([true]);
    // +12.5 % at least (4 → 4.5 gwei), and at least the fresh estimate (2.2 × 2 = 4.4 gwei).
    expect(feesOf(bump.raw)).toEqual({
      maxFeePerGas: parseGwei("4.5"),
      maxPriorityFeePerGas: parseGwei("1.125"),
    });
    expect(await bumps("bumped")).toBe(before + 1);
    expect((await getClaimView(handle.db, r.claimId, r.userId))?.txHash).toBe(bump.hash);
  });

  it("at the cap signs nothing, keeps the last attempt going and counts it", async () => {
    const r = await recorded(["4"]);
    await age(r.txId, 120);
    const fc = chain(r.faucet, { count: 7 });
    const before = await bumps("capped");
    await run(fc, { feeBump: { afterSeconds: 60, maxFeePerGas: parseGwei("4.4") } });
    expect((await attempts(r)).map((a) => a.hash)).toEqual(r.hashes);
    expect(fc.sent.map((raw) => keccak256(raw))).toEqual(r.hashes);
    expect(await bumps("capped")).toBe(before + 1);
  });

  it("after a crash between recording a bump and sending it, the restart sends that bump and settles it", async () => {
    const r = await recorded(["4"]);
    await age(r.txId, 61);
    const crashed = chain(r.faucet, { count: 7 });
    await expect(
      run(crashed, {
        afterRecordAttempt: () => {
          throw new Error("crash");
        },
      }),
    ).rejects.toThrow("crash");
    expect(crashed.sent).toEqual([]);
    const [, bump] = await attempts(r);
    expect(bump).toBeDefined();

    // Restart: the bump is the newest attempt and has not waited the threshold: sent as recorded.
    const restarted = chain(r.faucet, { count: 7 });
    await run(restarted);
    expect(restarted.sent).toEqual([bump!.raw]);
    // It gets mined: the count passes the nonce and only the bump has a receipt.
    const { released } = await run(chain(r.faucet, { count: 8, receipts: { [bump!.hash]: [receipt] } }));
    expect(released).toBe(0);
    expect(await state(r)).toEqual({
      tx: "confirmed",
      hash: bump!.hash,
      payment: "confirmed",
      claim: "confirmed",
    });
  });
});

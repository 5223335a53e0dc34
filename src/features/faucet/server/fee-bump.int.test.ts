import { sql } from "drizzle-orm";
import pino from "pino";
import { type Address, type Hex, parseGwei, parseTransaction } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { testDb } from "../../../../test/db";
import { freePort } from "../../../../test/ports";
import { type FaucetChain, faucetChainFromConfig } from "./chain";
import { createClaim, getClaimView } from "./claims";
import { queryRows } from "./rows";
import { FaucetSender, type SenderOptions } from "./sender";
import { type FaucetSettings, faucetSettings } from "./settings";
import { dripBalances, type FaucetTestChain, startFaucetTestChain } from "./testing";

// Fee bumps on a real node. Anvil mines only when told (automine off), and each block's base fee is
// set before it is mined: a payout signed at ~1 gwei is stuck under a 20 gwei base fee until its
// replacement pays more. Ages are moved on the database's clock instead of waiting a minute. A
// "crash" is a sender dropped mid-step (a thrown hook, or simply never called again) and a new one
// started on the same database: only what the database holds survives, as after SIGKILL.

let chain: FaucetTestChain;
let fc: FaucetChain;
let handle: DbHandle;
const lines: string[] = [];
const log = pino({ level: "info" }, { write: (s: string) => lines.push(s) });

beforeAll(async () => {
  chain = await startFaucetTestChain(await freePort());
  handle = await testDb();
  fc = faucetChainFromConfig();
  await rpc("evm_setAutomine", [false]);
});
afterAll(async () => {
  await handle?.close();
  await chain?.stop();
});

const rpc = (method: string, params: unknown[]) =>
  fc.client.request({ method: method as never, params: params as never }) as Promise<unknown>;

/** Mines one block whose base fee is `gwei`. */
async function mineAt(gwei: string) {
  await rpc("anvil_setNextBlockBaseFeePerGas", [`0x${parseGwei(gwei).toString(16)}`]);
  await rpc("evm_mine", []);
}

/** Makes every attempt of every pending faucet transaction `seconds` old. */
const agePending = (seconds: number) =>
  handle.db.execute(sql`UPDATE faucet_tx_attempts SET created_at = now() - make_interval(secs => ${seconds})
    WHERE tx_id IN (SELECT id FROM faucet_txs WHERE status = 'pending')`);

function sender(feeBump: Partial<FaucetSettings["feeBump"]> = {}, opts: SenderOptions = {}) {
  const base = faucetSettings();
  return new FaucetSender(
    handle.db,
    fc,
    { ...base, feeBump: { ...base.feeBump, afterSeconds: 60, ...feeBump } },
    log,
    new AbortController().signal,
    { receiptTimeoutMs: 100, replacedRecheckMs: 0, ...opts },
  );
}

/** A queued claim of `assets` (default: native only, one transaction). */
async function claim(assets: ("native" | "tUSD")[] = ["native"]) {
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const { user } = await createTestSession(address, { db: handle.db });
  const drips = faucetSettings().drips;
  const amounts = Object.fromEntries(assets.map((a) => [a, drips[a]]));
  const { claimId } = await createClaim(
    handle.db,
    { userId: user.id, address, ip: null },
    faucetSettings(),
    amounts,
  );
  return { claimId, userId: user.id, address: address as Address };
}

type TxState = { id: number; nonce: number; hash: Hex; status: string; attempts: Hex[]; raws: Hex[] };
async function txsOf(claimId: string): Promise<TxState[]> {
  const rows = await queryRows<{ id: number; nonce: number; hash: Hex; status: string }>(
    handle.db,
    sql`SELECT t.id, t.nonce, t.hash, t.status FROM faucet_txs t
        WHERE t.id IN (SELECT tx_id FROM faucet_payments WHERE claim_id = ${claimId})
           OR t.nonce + 1 IN (SELECT t2.nonce FROM faucet_txs t2 JOIN faucet_payments p ON p.tx_id = t2.id
                              WHERE p.claim_id = ${claimId} AND t2.kind = 'disperse_token')
        ORDER BY t.nonce`,
  );
  const out: TxState[] = [];
  for (const r of rows) {
    const a = await queryRows<{ hash: Hex; raw: Hex }>(
      handle.db,
      sql`SELECT hash, raw FROM faucet_tx_attempts WHERE tx_id = ${r.id} ORDER BY id`,
    );
    out.push({ ...r, nonce: Number(r.nonce), attempts: a.map((x) => x.hash), raws: a.map((x) => x.raw) });
  }
  return out;
}

const mined = async (hash: Hex) =>
  (await fc.client.getTransactionReceipt({ hash }).catch(() => null)) !== null;
const nodeKnows = async (hash: Hex) => (await fc.client.getTransaction({ hash }).catch(() => null)) !== null;
const minedCount = () => fc.client.getTransactionCount({ address: fc.account.address, blockTag: "latest" });

/** What a payment's amount, the claim and the chain say after settlement: paid exactly once, by `hash`. */
async function expectPaidOnceBy(
  c: Awaited<ReturnType<typeof claim>>,
  hash: Hex,
  assets: ("native" | "tUSD")[],
) {
  const view = await getClaimView(handle.db, c.claimId, c.userId);
  expect(view?.status).toBe("confirmed");
  expect(view?.txHash).toBe(hash);
  expect(await mined(hash)).toBe(true);
  const drips = faucetSettings().drips;
  const got = await dripBalances(chain, c.address);
  for (const a of assets) expect(got[a]).toBe(drips[a]);
}

describe("faucet fee bump on Anvil", () => {
  it("replaces every stuck transaction of a batch with the same payload and higher fees; the replacement is paid once", async () => {
    await mineAt("1");
    const c = await claim(["native", "tUSD"]);
    const s = sender();
    await s.round();
    const before = await txsOf(c.claimId);
    expect(before.map((t) => t.attempts.length)).toEqual([1, 1, 1]);
    const countBefore = await minedCount();

    await mineAt("20");
    expect(await minedCount()).toBe(countBefore);
    await s.reconcile(); // not due yet: the same bytes again
    expect((await txsOf(c.claimId)).map((t) => t.attempts.length)).toEqual([1, 1, 1]);
    await agePending(61);
    expect(await s.reconcile()).toBe(3);
    const bumped = await txsOf(c.claimId);
    for (const t of bumped) {
      expect(t.attempts.length).toBe(2);
      const [was, now] = t.raws.map((r) => parseTransaction(r));
      const payload = (x: typeof was) => ({
        n: x!.nonce,
        to: x!.to,
        data: x!.data,
        value: x!.value,
        gas: x!.gas,
      });
      expect(payload(now)).toEqual(payload(was));
      expect(now!.maxFeePerGas! * 1000n).toBeGreaterThanOrEqual(was!.maxFeePerGas! * 1125n);
      expect(now!.maxPriorityFeePerGas! * 1000n).toBeGreaterThanOrEqual(was!.maxPriorityFeePerGas! * 1125n);
      expect(now!.maxFeePerGas).toBeGreaterThan(parseGwei("20"));
      expect(t.hash).toBe(t.attempts[1]);
    }

    await mineAt("20");
    expect(await s.reconcile()).toBe(0);
    const after = await txsOf(c.claimId);
    expect(after.map((t) => t.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
    for (const t of after) {
      expect(await mined(t.attempts[1]!)).toBe(true);
      expect(await mined(t.attempts[0]!)).toBe(false);
    }
    const native = after.find((t) => t.nonce === Math.min(...after.map((x) => x.nonce)))!;
    await expectPaidOnceBy(c, native.attempts[1]!, ["native", "tUSD"]);
  });

  it("restart after the replacement was mined but before settlement: settled from it, never re-queued", async () => {
    await mineAt("1");
    const c = await claim();
    const first = sender();
    await first.round();
    await mineAt("20");
    await agePending(61);
    await first.reconcile();
    const [t] = await txsOf(c.claimId);
    expect(t!.attempts.length).toBe(2);
    // The crash: `first` is never called again. The replacement is mined meanwhile; the original
    // has no receipt and its nonce is used, which alone would have released (and re-paid) the claim.
    await mineAt("20");
    expect(await mined(t!.attempts[1]!)).toBe(true);
    expect(await mined(t!.attempts[0]!)).toBe(false);
    expect(await minedCount()).toBeGreaterThan(t!.nonce);

    const restarted = sender();
    expect(await restarted.reconcile()).toBe(0);
    expect(await restarted.round()).toBe(false); // nothing went back to the queue
    const [row] = await queryRows<{ status: string; attempts: number }>(
      handle.db,
      sql`SELECT status, attempts FROM faucet_payments WHERE claim_id = ${c.claimId}`,
    );
    expect(row).toEqual({ status: "confirmed", attempts: 0 });
    expect(lines.join("")).not.toContain("replaced by another with the same nonce");
    await expectPaidOnceBy(c, t!.attempts[1]!, ["native"]);
  });

  it("restart after recording a replacement but before broadcasting it: the restart sends it", async () => {
    await mineAt("1");
    const c = await claim();
    const first = sender(
      {},
      {
        afterRecordAttempt: () => {
          throw new Error("crash");
        },
      },
    );
    await first.round();
    await mineAt("20");
    await agePending(61);
    await expect(first.reconcile()).rejects.toThrow("crash");
    const [t] = await txsOf(c.claimId);
    expect(t!.attempts.length).toBe(2);
    expect(await nodeKnows(t!.attempts[1]!)).toBe(false);

    // A long threshold: the restart only sends what was recorded, it signs nothing new.
    const restarted = sender({ afterSeconds: 3600 });
    await restarted.reconcile();
    expect(await nodeKnows(t!.attempts[1]!)).toBe(true);
    await mineAt("20");
    expect(await restarted.reconcile()).toBe(0);
    expect((await txsOf(c.claimId))[0]!.attempts.length).toBe(2);
    await expectPaidOnceBy(c, t!.attempts[1]!, ["native"]);
  });

  it("restart after recording the first attempt but before broadcasting it: sent and settled once", async () => {
    await mineAt("1");
    const c = await claim();
    const first = sender({}, { afterRecord: () => Promise.reject(new Error("crash")) });
    await expect(first.round()).rejects.toThrow("crash");
    const [t] = await txsOf(c.claimId);
    expect(t!.attempts).toEqual([t!.hash]);
    expect(await nodeKnows(t!.hash)).toBe(false);

    const restarted = sender();
    await restarted.reconcile();
    await mineAt("1");
    expect(await restarted.reconcile()).toBe(0);
    await expectPaidOnceBy(c, t!.hash, ["native"]);
  });

  it("holds at FAUCET_MAX_FEE_GWEI: one bump up to the cap, then waits (logged) until the cap is enough", async () => {
    await mineAt("1");
    const c = await claim();
    const s = sender({ maxFeePerGas: parseGwei("8") });
    await s.round();
    await mineAt("20");
    await agePending(61);
    await s.reconcile();
    let [t] = await txsOf(c.claimId);
    expect(t!.attempts.length).toBe(2);
    expect(parseTransaction(t!.raws[1]!).maxFeePerGas).toBe(parseGwei("8"));

    await mineAt("20");
    await agePending(61);
    lines.length = 0;
    await s.reconcile();
    [t] = await txsOf(c.claimId);
    expect(t!.attempts.length).toBe(2);
    expect(lines.join("")).toContain("would exceed FAUCET_MAX_FEE_GWEI: waiting");

    // Anvil drops a transaction whose fee cap is under the base fee; the sender keeps sending the
    // capped attempt, so it is back in the pool once the base fee falls, and mined.
    await mineAt("1");
    await s.reconcile();
    await mineAt("1");
    expect(await s.reconcile()).toBe(0);
    await expectPaidOnceBy(c, t!.attempts[1]!, ["native"]);
  });
});

import { sql } from "drizzle-orm";
import pino from "pino";
import { parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { metricsRegistry } from "@/server/metrics";
import { testDb } from "../../../../test/db";
import { resetFaucetStateCache } from "./balances";
import { createClaim } from "./claims";
import { queryRows } from "./rows";
import { FaucetSender } from "./sender";
import { faucetSettings } from "./settings";
import { faucetStatus } from "./status";
import { fakeFaucetChain } from "./testing";

// A balance that covers part of the queue: the faucet holds 150 tUSD (more than one 100 tUSD drip)
// and plenty of native coin, and two claims of 100 tUSD + 1 native each are queued. The sender
// must pay the oldest claim and keep the other queued (not stop paying everyone because the whole
// batch does not fit), report "refilling" only once not even one claim fits, and the status page
// must say the same.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const held = { native: parseEther("1000"), tUSD: 150_000_000n };
const fakeChain = () => fakeFaucetChain("success", () => held);

const stateOnPage = async () => {
  resetFaucetStateCache();
  return (await faucetStatus(handle.db, null, faucetSettings(), fakeChain)).state;
};
const refillingMetric = async () =>
  Number(/\} (\d)/.exec(await metricsRegistry.getSingleMetricAsString("aurum_faucet_refilling"))?.[1]);

describe("faucet sender with a balance that covers part of the queue", () => {
  it("pays the oldest claims that fit, in order and once; refilling only when not even one fits", async () => {
    const settings = faucetSettings();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const address = privateKeyToAccount(generatePrivateKey()).address;
      const { user } = await createTestSession(address, { db: handle.db });
      const { claimId } = await createClaim(handle.db, { userId: user.id, address, ip: null }, settings, {
        native: parseEther("1"),
        tUSD: 100_000_000n,
      });
      ids.push(claimId);
    }
    const sender = new FaucetSender(
      handle.db,
      fakeChain(),
      settings,
      pino({ level: "silent" }),
      new AbortController().signal,
      { receiptTimeoutMs: 100 },
    );
    expect(await stateOnPage()).toBe("ok");

    expect(await sender.round()).toBe(true);
    const claims = async () =>
      queryRows<{ id: string; status: string }>(
        handle.db,
        sql`SELECT id, status FROM faucet_claims ORDER BY seq`,
      );
    // The oldest claim (100 of the 150 tUSD held, 1 of 1000 native) is paid, native part included.
    expect(await claims()).toEqual([
      { id: ids[0], status: "confirmed" },
      { id: ids[1], status: "queued" },
    ]);
    const payments = await queryRows<{
      claim_id: string;
      asset: string;
      status: string;
      tx_id: number | null;
    }>(handle.db, sql`SELECT claim_id, asset, status, tx_id FROM faucet_payments ORDER BY claim_id, asset`);
    for (const p of payments) {
      if (p.claim_id === ids[0]) expect(p.status).toBe("confirmed");
      else expect([p.status, p.tx_id]).toEqual(["queued", null]);
    }
    expect(await refillingMetric()).toBe(0);

    // Paid out: 50 tUSD left, less than the next claim's 100. Nothing is paid, and both the sender
    // and the page now say "refilling".
    held.tUSD = 50_000_000n;
    expect(await sender.round()).toBe(false);
    expect((await claims())[1]?.status).toBe("queued");
    expect(await refillingMetric()).toBe(1);
    expect(await stateOnPage()).toBe("refilling");

    // Refilled: the waiting claim is paid, exactly once.
    held.tUSD = 150_000_000n;
    expect(await stateOnPage()).toBe("ok");
    expect(await sender.round()).toBe(true);
    expect((await claims()).map((c) => c.status)).toEqual(["confirmed", "confirmed"]);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM faucet_txs WHERE kind <> 'approve'`,
    );
    expect(Number(n)).toBe(4);
    expect(await refillingMetric()).toBe(0);
  });
});

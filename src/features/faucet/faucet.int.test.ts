import { sql } from "drizzle-orm";
import { type Address, createWalletClient, encodeDeployData, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileReceiverAbi, hostileReceiverBytecode } from "@/chain/generated/mocks";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { metricsRegistry } from "@/server/metrics";
import { ANVIL_KEYS } from "../../../scripts/lib/anvil";
import { testDb } from "../../../test/db";
import { freePort } from "../../../test/ports";
import type { ClaimView, FaucetStatus } from "./schema";
import { queryRows } from "./server/claims";
import { faucetSettings } from "./server/settings";
import { dripBalances, type FaucetTestChain, solvedPow, startFaucetTestChain } from "./server/testing";

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
let chain: FaucetTestChain;
let handle: DbHandle;
let claimRoute: Handler;
let claimViewRoute: Handler;
let statusRoute: Handler;
let startWorkers: typeof import("@/server/workers").startWorkers;
let createFaucetSenderWorker: typeof import("./server/sender").createFaucetSenderWorker;
let resetFaucetStateCache: () => void;
const SITE = "http://localhost:3000";

beforeAll(async () => {
  // This site is SITE whatever PORT/PUBLIC_URL the environment holds (the claim's origin check).
  process.env.PUBLIC_URL = SITE;
  chain = await startFaucetTestChain(await freePort(), {
    TRUST_PROXY_HOPS: "1",
    FAUCET_IP_LIMIT: "3",
    // The distinct client addresses below share a few /24s; the subnet rule has its own test.
    FAUCET_SUBNET_LIMIT: "100000",
    FAUCET_POW_MAXNUMBER: "200",
  });
  handle = await testDb();
  claimRoute = (await import("@/app/api/faucet/claim/route")).POST as Handler;
  claimViewRoute = (await import("@/app/api/faucet/claims/[id]/route")).GET as Handler;
  statusRoute = (await import("@/app/api/faucet/status/route")).GET as Handler;
  ({ startWorkers } = await import("@/server/workers"));
  ({ createFaucetSenderWorker } = await import("./server/sender"));
  ({ resetFaucetStateCache } = await import("./server/status"));
});

afterAll(async () => {
  await handle?.close();
  await chain?.stop();
});

let ipCounter = 0;
let settledSoFar = 0;
/** A distinct client IP per call unless one is given (the IP limit is tested on its own). */
const claimRequest = async (cookie: string | null, opts: { origin?: string; ip?: string } = {}) =>
  new Request(`${SITE}/api/faucet/claim`, {
    method: "POST",
    headers: {
      ...(cookie ? { cookie } : {}),
      origin: opts.origin ?? SITE,
      "content-type": "application/json",
      "x-forwarded-for": opts.ip ?? `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
    },
    body: JSON.stringify({ altcha: await solvedPow() }),
  });

const randomAddress = () =>
  privateKeyToAccount(
    `0x${crypto.getRandomValues(new Uint8Array(32)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "")}`,
  ).address;

/** On PostgreSQL the worker host takes its leader lock on its own connection to the test database. */
async function hostOptions() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { handle, backoffMs: 100 };
  const [row] = await queryRows<{ db: string }>(handle.db, sql`SELECT current_database() AS db`);
  const url = new URL(base);
  url.pathname = `/${row!.db}`;
  return { handle, backoffMs: 100, lockRetryMs: 200, databaseUrl: url.toString() };
}

/** Runs the sender until `newClaims` more claims than before are confirmed or failed. */
async function runSenderUntilSettled(newClaims: number, timeoutMs = 60_000) {
  settledSoFar += newClaims;
  const expectedClaims = settledSoFar;
  const host = await startWorkers(
    [createFaucetSenderWorker({ options: { idlePollMs: 25 } })],
    await hostOptions(),
  );
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await queryRows<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM faucet_claims WHERE status IN ('confirmed', 'failed')`,
      );
      if (Number(row?.n) >= expectedClaims) return;
      if (Date.now() > deadline) throw new Error(`only ${row?.n}/${expectedClaims} claims settled`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await host.stop();
  }
}

const balancesOf = (address: Address) => dripBalances(chain, address);

const drip = () => faucetSettings().drips;

describe("faucet API", () => {
  it("refuses requests without a session (401) and from another site (403)", async () => {
    const anon = await claimRoute(await claimRequest(null), {});
    expect(anon.status).toBe(401);
    const { cookieHeader } = await createTestSession(randomAddress(), { db: handle.db });
    const foreign = await claimRoute(
      await claimRequest(cookieHeader, { origin: "https://evil.example" }),
      {},
    );
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("FOREIGN_ORIGIN");
    // The status is public; the personal parts are empty without a session.
    const anonStatus = (await (
      await statusRoute(new Request(`${SITE}/api/faucet/status`), {})
    ).json()) as FaucetStatus;
    expect(anonStatus).toMatchObject({ nextClaimAt: null, lastClaim: null });
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM faucet_claims`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it("50 concurrent claims of one address create exactly one claim and one payout", async () => {
    const address = randomAddress();
    const { cookieHeader } = await createTestSession(address, { db: handle.db });
    const responses = await Promise.all(
      Array.from({ length: 50 }, async () => claimRoute(await claimRequest(cookieHeader), {})),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    const limited = responses.find((r) => r.status === 429)!;
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(86_000);
    const refusal = (await limited.json()) as { error: { code: string; message: string } };
    expect(refusal.error.code).toBe("FAUCET_COOLDOWN");
    expect(refusal.error.message).toContain(`Please try again after ${retryAfter} seconds`);
    const created = (await responses.find((r) => r.status === 202)!.json()) as {
      claimId: string;
      status: string;
    };
    expect(created.status).toBe("queued");

    const queuedView = (await (
      await claimViewRoute(
        new Request(`${SITE}/api/faucet/claims/${created.claimId}`, { headers: { cookie: cookieHeader } }),
        {
          params: Promise.resolve({ id: created.claimId }),
        },
      )
    ).json()) as ClaimView;
    expect(queuedView).toMatchObject({ status: "queued", position: 1 });

    await runSenderUntilSettled(1);
    expect(await balancesOf(address)).toEqual(drip());

    const view = (await (
      await claimViewRoute(
        new Request(`${SITE}/api/faucet/claims/${created.claimId}`, { headers: { cookie: cookieHeader } }),
        {
          params: Promise.resolve({ id: created.claimId }),
        },
      )
    ).json()) as ClaimView;
    expect(view.status).toBe("confirmed");
    expect(view.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(view.position).toBeUndefined();

    // Someone else's claim, a malformed id: both plain 404s.
    const other = await createTestSession(randomAddress(), { db: handle.db });
    for (const id of [created.claimId, "not-a-uuid"]) {
      const res = await claimViewRoute(
        new Request(`${SITE}/api/faucet/claims/${id}`, { headers: { cookie: other.cookieHeader } }),
        {
          params: Promise.resolve({ id }),
        },
      );
      expect(res.status).toBe(404);
    }

    const status = (await (
      await statusRoute(new Request(`${SITE}/api/faucet/status`, { headers: { cookie: cookieHeader } }), {})
    ).json()) as FaucetStatus;
    expect(status.state).toBe("ok");
    expect(status.drips.map((d) => [d.asset, d.amount])).toEqual([
      ["native", parseUnits("1", 18).toString()],
      ["tUSD", parseUnits("100", 6).toString()],
      ["tETH", parseUnits("0.05", 18).toString()],
    ]);
    expect(new Date(status.nextClaimAt!).getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    expect(status.lastClaim?.id).toBe(created.claimId);
  });

  it("limits claims per IP (3 per window) with Retry-After", async () => {
    const ip = "203.0.113.9";
    const results: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { cookieHeader } = await createTestSession(randomAddress(), { db: handle.db });
      const res = await claimRoute(await claimRequest(cookieHeader, { ip }), {});
      results.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(86_000);
    }
    expect(results).toEqual([202, 202, 202, 429, 429]);
    await runSenderUntilSettled(3);
  });

  it("200 claims from distinct addresses are all paid, in fewer transactions than claims", async () => {
    const addresses = Array.from({ length: 200 }, randomAddress);
    const cookies: string[] = [];
    for (const a of addresses) cookies.push((await createTestSession(a, { db: handle.db })).cookieHeader);
    const [before] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM faucet_txs`,
    );
    const responses = await Promise.all(cookies.map(async (c) => claimRoute(await claimRequest(c), {})));
    expect(responses.every((r) => r.status === 202)).toBe(true);
    await runSenderUntilSettled(200);
    const [after] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM faucet_txs`);
    const txs = Number(after?.n) - Number(before?.n);
    // 2 batches × (disperseNative + 2 × (approve + disperseToken)) = 10 transactions for 200 claims.
    expect(txs).toBe(10);
    const balances = await Promise.all(addresses.map(balancesOf));
    for (const b of balances) expect(b).toEqual(drip());
    const [confirmed] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM faucet_claims WHERE status = 'confirmed'`,
    );
    expect(Number(confirmed?.n)).toBe(settledSoFar);
  });

  it("fails only the recipient whose PaymentFailed was emitted; the rest of the batch is paid", async () => {
    const deployer = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[0]),
      transport: http(chain.anvil.url),
    });
    const client = (await import("@/chain/clients")).testnetClient();
    const hash = await deployer.sendTransaction({
      chain: null,
      data: encodeDeployData({ abi: hostileReceiverAbi, bytecode: hostileReceiverBytecode, args: [0] }),
    });
    const hostile = (await client.waitForTransactionReceipt({ hash })).contractAddress!;
    const good = randomAddress();
    const hostileSession = await createTestSession(hostile, { db: handle.db });
    const goodSession = await createTestSession(good, { db: handle.db });
    // The API refuses a contract recipient outright…
    const refused = await claimRoute(await claimRequest(hostileSession.cookieHeader), {});
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("CONTRACT_RECIPIENT");
    // …but an address can get code after its claim (CREATE2, a delegation): the sender must still
    // fail only that payment. Queue it past the API's gates, as such a claim would have been.
    const { createClaim } = await import("./server/claims");
    const { claimId: hostileClaim } = await createClaim(
      handle.db,
      { userId: hostileSession.user.id, address: hostile, ip: null },
      faucetSettings(),
    );
    const r2 = await claimRoute(await claimRequest(goodSession.cookieHeader), {});
    expect(r2.status).toBe(202);
    await runSenderUntilSettled(2);
    const view = (await (
      await claimViewRoute(
        new Request(`${SITE}/api/faucet/claims/${hostileClaim}`, {
          headers: { cookie: hostileSession.cookieHeader },
        }),
        {
          params: Promise.resolve({ id: hostileClaim }),
        },
      )
    ).json()) as ClaimView;
    expect(view.status).toBe("failed");
    expect(view.payments.find((p) => p.asset === "native")?.status).toBe("failed");
    expect(view.payments.find((p) => p.asset === "tUSD")?.status).toBe("confirmed");
    expect(await balancesOf(good)).toEqual(drip());
    // The refused coin went back to the faucet (Disperse refunds it), the hostile contract has none.
    expect((await balancesOf(hostile)).native).toBe(0n);
    // Refused by the recipient, not failed by the faucet: its cooldown stays.
    const { nextClaimAt } = await import("./server/claims");
    expect(await nextClaimAt(handle.db, hostile, faucetSettings().cooldownSeconds)).not.toBeNull();
  });

  it("stops sending below FAUCET_MIN_BALANCE: refilling state, metric and queued claims", async () => {
    process.env.FAUCET_MIN_BALANCE = "100000000";
    (await import("@/server/config")).resetConfigForTests();
    resetFaucetStateCache();
    const { cookieHeader } = await createTestSession(randomAddress(), { db: handle.db });
    const res = await claimRoute(await claimRequest(cookieHeader), {});
    expect(res.status).toBe(202);
    const host = await startWorkers(
      [createFaucetSenderWorker({ options: { idlePollMs: 25, refillPollMs: 50 } })],
      await hostOptions(),
    );
    await new Promise((r) => setTimeout(r, 1_000));
    await host.stop();
    const metrics = await metricsRegistry.getSingleMetricAsString("aurum_faucet_refilling");
    expect(metrics).toMatch(/aurum_faucet_refilling\{[^}]*\} 1/);
    const status = (await (
      await statusRoute(new Request(`${SITE}/api/faucet/status`, { headers: { cookie: cookieHeader } }), {})
    ).json()) as FaucetStatus;
    expect(status.state).toBe("refilling");
    expect(status.lastClaim?.status).toBe("queued");

    // Refilled (threshold back to normal): the queued claim is paid.
    delete process.env.FAUCET_MIN_BALANCE;
    (await import("@/server/config")).resetConfigForTests();
    resetFaucetStateCache();
    await runSenderUntilSettled(1);
    expect(await metricsRegistry.getSingleMetricAsString("aurum_faucet_refilling")).toMatch(/\} 0/);
  });
});

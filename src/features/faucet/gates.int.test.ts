import { sql } from "drizzle-orm";
import { parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { resetConfigForTests } from "@/server/config";
import { testDb } from "../../../test/db";
import { freePort } from "../../../test/ports";
import { awayFromWindowEdge } from "../../../test/rate-window";
import { queryRows } from "./server/rows";
import { type FaucetTestChain, solvedPow, startFaucetTestChain } from "./server/testing";

// The faucet's gates (issue 12) through the real route: proof of work, per-client and per-network
// limits, the outflow cap, rich and contract recipients, pause and exclusion.

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
let chain: FaucetTestChain;
let handle: DbHandle;
let claimRoute: Handler;
let challengeRoute: Handler;
const SITE = "http://localhost:3000";
const BASE_ENV = {
  TRUST_PROXY_HOPS: "1",
  FAUCET_IP_LIMIT: "3",
  FAUCET_SUBNET_LIMIT: "5",
  FAUCET_POW_MAXNUMBER: "200",
};

beforeAll(async () => {
  chain = await startFaucetTestChain(await freePort(), BASE_ENV);
  handle = await testDb();
  claimRoute = (await import("@/app/api/faucet/claim/route")).POST as Handler;
  challengeRoute = (await import("@/app/api/faucet/challenge/route")).GET as Handler;
});
afterAll(async () => {
  await handle?.close();
  await chain?.stop();
});

let ipCounter = 0;
/** Every test starts from the base settings and its own client network. */
beforeEach(() => {
  for (const k of Object.keys(process.env))
    if (k.startsWith("FAUCET_DAILY") || k === "FAUCET_PAUSED") delete process.env[k];
  Object.assign(process.env, BASE_ENV);
  resetConfigForTests();
  ipCounter += 1;
});
const net = () => `198.18.${ipCounter}`;

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
async function claim(cookie: string, ip: string, altcha?: string | null) {
  const body = altcha === null ? {} : { altcha: altcha ?? (await solvedPow()) };
  return claimRoute(
    new Request(`${SITE}/api/faucet/claim`, {
      method: "POST",
      headers: { cookie, origin: SITE, "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(body),
    }),
    {},
  );
}
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const claimsOf = async (address: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM faucet_claims WHERE address = ${address.toLowerCase()}`,
      )
    )[0]?.n,
  );

describe("faucet gates", () => {
  it("hands out a challenge in the ALTCHA shape to a signed-in caller", async () => {
    const { cookieHeader } = await createTestSession(fresh(), { db: handle.db });
    const res = await challengeRoute(
      new Request(`${SITE}/api/faucet/challenge`, { headers: { cookie: cookieHeader } }),
      {},
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["algorithm", "challenge", "maxnumber", "salt", "signature"]);
    expect(body).toMatchObject({ algorithm: "SHA-256", maxnumber: 200 });
    expect(String(body.salt)).toMatch(/expires=\d+/);
    expect((await challengeRoute(new Request(`${SITE}/api/faucet/challenge`), {})).status).toBe(401);
  });

  it("refuses a missing, forged, reused or expired proof of work before writing anything", async () => {
    const address = fresh();
    const { cookieHeader } = await createTestSession(address, { db: handle.db });
    const ip = `${net()}.1`;
    const missing = await claim(cookieHeader, ip, null);
    expect(missing.status).toBe(400);
    const garbage = await claim(cookieHeader, ip, "bm90LWpzb24=");
    expect([garbage.status, (await errorOf(garbage)).code]).toEqual([400, "POW_INVALID"]);
    const good = await solvedPow();
    const forged = JSON.parse(Buffer.from(good, "base64").toString()) as { number: number };
    forged.number += 1;
    const wrong = await claim(cookieHeader, ip, Buffer.from(JSON.stringify(forged)).toString("base64"));
    expect((await errorOf(wrong)).code).toBe("POW_INVALID");
    expect(await claimsOf(address)).toBe(0);

    // Expired: a challenge issued long ago (its expiry is in the signed salt).
    const { createFaucetChallenge } = await import("./server/pow");
    const { faucetSettings } = await import("./server/settings");
    const { solveChallenge } = await import("altcha-lib/v1");
    const old = await createFaucetChallenge(faucetSettings(), new Date(Date.now() - 3_600_000));
    const sol = await solveChallenge(old.challenge, old.salt, old.algorithm, old.maxnumber).promise;
    const stale = Buffer.from(JSON.stringify({ ...old, number: sol?.number })).toString("base64");
    const expired = await claim(cookieHeader, ip, stale);
    expect([expired.status, (await errorOf(expired)).code]).toEqual([400, "POW_EXPIRED"]);

    expect((await claim(cookieHeader, ip, good)).status).toBe(202);
    const other = await createTestSession(fresh(), { db: handle.db });
    const replay = await claim(other.cookieHeader, `${net()}.2`, good);
    expect([replay.status, (await errorOf(replay)).code]).toEqual([409, "POW_USED"]);
    expect(await claimsOf(address)).toBe(1);
  });

  it("30 fresh wallets from one client get at most FAUCET_IP_LIMIT drips, each refusal with its wait", async () => {
    await awayFromWindowEdge(); // the route's burst guard counts 20 a clock-aligned minute
    const ip = `${net()}.7`;
    const statuses: number[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { cookieHeader } = await createTestSession(fresh(), { db: handle.db });
      const res = await claim(cookieHeader, ip);
      statuses.push(res.status);
      if (res.status === 429) {
        const err = await errorOf(res);
        codes.push(err.code);
        expect(err.message).toMatch(/Please try again after \d+ seconds/);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    // The claim rule refuses first; past 20 requests a minute the route's burst guard answers too.
    expect(codes.slice(0, 17)).toEqual(Array(17).fill("FAUCET_IP_LIMIT"));
    expect(new Set(codes.slice(17))).toEqual(new Set(["RATE_LIMITED"]));
  });

  it("limits one /24 network across its addresses (FAUCET_SUBNET_LIMIT)", async () => {
    const statuses: number[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { cookieHeader } = await createTestSession(fresh(), { db: handle.db });
      const res = await claim(cookieHeader, `${net()}.${10 + i}`);
      statuses.push(res.status);
      if (res.status !== 202) codes.push((await errorOf(res)).code);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    expect(new Set(codes)).toEqual(new Set(["FAUCET_SUBNET_LIMIT"]));
  });

  it("refuses recipients that already hold enough, and contracts", async () => {
    const rich = fresh();
    await fetch(chain.anvil.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "anvil_setBalance",
        params: [rich, `0x${parseEther("50").toString(16)}`],
      }),
    });
    const { cookieHeader } = await createTestSession(rich, { db: handle.db });
    const res = await claim(cookieHeader, `${net()}.1`);
    const err = await errorOf(res);
    expect([res.status, err.code]).toEqual([403, "RECIPIENT_HAS_ENOUGH"]);
    expect(err.message).toMatch(/^You already have enough test coins/);
    expect(await claimsOf(rich)).toBe(0);
    // A contract (the deployed tUSD token) as the signed-in address.
    const token = chain.deployment.contracts.tUSD.address;
    const c = await createTestSession(token, { db: handle.db });
    const refused = await claim(c.cookieHeader, `${net()}.2`);
    expect([refused.status, (await errorOf(refused)).code]).toEqual([403, "CONTRACT_RECIPIENT"]);
  });

  it("keeps today's outflow under the cap per asset, then refuses until midnight UTC", async () => {
    const [row] = await queryRows<{ native: string; tusd: string }>(
      handle.db,
      sql`SELECT coalesce(sum(p.amount) FILTER (WHERE p.asset = 'native'), 0)::text AS native,
                 coalesce(sum(p.amount) FILTER (WHERE p.asset = 'tUSD'), 0)::text AS tusd
          FROM faucet_payments p JOIN faucet_claims c ON c.id = p.claim_id
          WHERE c.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    );
    const nativeSoFar = Number(BigInt(row!.native) / 10n ** 18n);
    const tusdSoFar = Number(BigInt(row!.tusd) / 10n ** 6n);
    // Room for one more native drip (1) and two more tUSD drips (100 each); tETH already used up.
    Object.assign(process.env, {
      FAUCET_DAILY_OUTFLOW_NATIVE: String(nativeSoFar + 1),
      FAUCET_DAILY_OUTFLOW_TUSD: String(tusdSoFar + 200),
      FAUCET_DAILY_OUTFLOW_TETH: "0",
    });
    resetConfigForTests();
    const assetsOf = async (address: string) =>
      (
        await queryRows<{ asset: string }>(
          handle.db,
          sql`SELECT p.asset FROM faucet_payments p JOIN faucet_claims c ON c.id = p.claim_id
              WHERE c.address = ${address.toLowerCase()} ORDER BY p.asset`,
        )
      ).map((r) => r.asset);
    const results: { status: number; assets: string[]; code?: string; retry?: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const a = fresh();
      const { cookieHeader } = await createTestSession(a, { db: handle.db });
      const res = await claim(cookieHeader, `${net()}.${i + 1}`);
      results.push({
        status: res.status,
        assets: await assetsOf(a),
        ...(res.status === 429
          ? { code: (await errorOf(res)).code, retry: Number(res.headers.get("retry-after")) }
          : {}),
      });
    }
    expect(results[0]).toEqual({ status: 202, assets: ["native", "tUSD"] });
    expect(results[1]).toEqual({ status: 202, assets: ["tUSD"] });
    expect(results[2]).toMatchObject({ status: 429, assets: [], code: "FAUCET_DAILY_CAP" });
    expect(results[2]!.retry).toBeGreaterThan(0);
    expect(results[2]!.retry).toBeLessThanOrEqual(86_400);
  });

  it("refuses while paused and refuses excluded participants", async () => {
    const address = fresh();
    const { cookieHeader } = await createTestSession(address, { db: handle.db });
    process.env.FAUCET_PAUSED = "true";
    resetConfigForTests();
    const paused = await claim(cookieHeader, `${net()}.1`);
    expect([paused.status, (await errorOf(paused)).code]).toEqual([503, "FAUCET_PAUSED"]);
    delete process.env.FAUCET_PAUSED;
    resetConfigForTests();
    await handle.db.execute(sql`INSERT INTO participant_exclusions (address, reason_category, reason, source, created_by)
      VALUES (${address.toLowerCase()}, 'sybil', 'test', 'manual', '0x0000000000000000000000000000000000000001')`);
    const excluded = await claim(cookieHeader, `${net()}.2`);
    expect([excluded.status, (await errorOf(excluded)).code]).toEqual([403, "PARTICIPANT_EXCLUDED"]);
    expect(await claimsOf(address)).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { resetConfigForTests } from "@/server/config";
import { type Anvil, startAnvil } from "../../../scripts/lib/anvil";
import { testDb } from "../../../test/db";
import { freePort } from "../../../test/ports";

/**
 * The pages engineer's route handlers against a real Anvil and a fresh database:
 * /api/version, /api/health, /api/chain/status, /api/metrics, /api/referral/visit.
 */
let anvil: Anvil;
let db: DbHandle;
const ORIGIN = "http://localhost:3999";
const ctx = { params: Promise.resolve({}) };

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  process.env.TESTNET_RPC_URL = anvil.url;
  process.env.PUBLIC_URL = ORIGIN;
  resetConfigForTests();
  db = await testDb();
});

afterAll(async () => {
  await db?.close();
  await anvil?.stop();
});

describe("GET /api/version", () => {
  it("answers the build id and is never cached", async () => {
    const { GET } = await import("@/app/api/version/route");
    const res = await GET(new Request(`${ORIGIN}/api/version`), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(typeof body.buildId).toBe("string");
    expect(body.buildId.length).toBeGreaterThan(0);
  });
});

describe("GET /api/chain/status and /api/health", () => {
  it("reports the live chain and a healthy service", async () => {
    const { GET } = await import("@/app/api/chain/status/route");
    const status = await (await GET(new Request(`${ORIGIN}/api/chain/status`), ctx)).json();
    expect(status.rpc.ok).toBe(true);
    expect(status.blockNumber).toMatch(/^\d+$/);
    expect(BigInt(status.gasPriceWei)).toBeGreaterThan(0n);

    const health = await import("@/app/api/health/route");
    const res = await health.GET(new Request(`${ORIGIN}/api/health`), ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: "ok", rpc: "ok" });
  });

  it("degrades to rpc.ok=false with null figures when the RPC is down, without throwing", async () => {
    const { probeChain } = await import("@/features/testnet/server");
    const { createPublicClient, http } = await import("viem");
    const dead = createPublicClient({
      transport: http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }),
    });
    const status = await probeChain(dead as never, 1_000);
    expect(status).toMatchObject({ blockNumber: null, gasPriceWei: null, rpc: { ok: false } });
  });

  it("counts requests in the metrics registry", async () => {
    const { GET } = await import("@/app/api/metrics/route");
    const res = await GET(new Request(`${ORIGIN}/api/metrics`), ctx);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toMatch(/aurum_http_requests_total\{[^}]*route="\/api\/version"[^}]*\} [1-9]/);
    // The gauge holds the last probe (the dead-RPC test above sets it to 0); the histogram counts successes.
    expect(text).toMatch(/aurum_rpc_up\{[^}]*\} 0/);
    expect(text).toMatch(/aurum_rpc_probe_seconds_count\{[^}]*\} [1-9]/);
  });
});

describe("POST /api/referral/visit", () => {
  const post = async (body: unknown, origin = ORIGIN) => {
    const { POST } = await import("@/app/api/referral/visit/route");
    return POST(
      new Request(`${ORIGIN}/api/referral/visit`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
      ctx,
    );
  };

  it("stores a code someone owns (normalised) in aurum_ref for 30 days", async () => {
    await db.db
      .insert(users)
      .values({ address: "0x00000000000000000000000000000000000000a1", referralCode: "K7M3PQ9X" });
    const res = await post({ code: "k7m3pq9x" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: "K7M3PQ9X" });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^aurum_ref=K7M3PQ9X;/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("refuses a well-formed code nobody owns with 404 and leaves the stored invite alone", async () => {
    const res = await post({ code: "ZZZZZZZZ" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: "NOT_FOUND", message: "No one has the invite code ZZZZZZZZ." },
    });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("refuses malformed codes, bad JSON and foreign origins with 4xx", async () => {
    for (const code of ["K7M3PQ9", "K7M3PQ9X1", "K7M3PQ9O", "K7M3PQ91", 12345678]) {
      const res = await post({ code });
      expect(res.status).toBe(400);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect((await post("{nope")).status).toBe(400);
    const foreign = await post({ code: "K7M3PQ9X" }, "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("set-cookie")).toBeNull();
  });
});

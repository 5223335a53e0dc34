// Per-client rate limits of the route layer as a real route counts them (docs/api.md, "Limits"):
// one key per client (an IPv4 address, an IPv6 /64) and the documented per-minute budgets.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as nonceGET } from "@/app/api/auth/nonce/route";
import type { DbHandle } from "@/db/client";
import { CLIENT_IP_HEADER, HTTP_ENTRY_ENV } from "@/server/client-ip";
import { config, resetConfigForTests } from "@/server/config";
import { testDb } from "../../test/db";
import { awayFromWindowEdge } from "../../test/rate-window";

let handle: DbHandle;
beforeAll(async () => {
  delete process.env.TRUST_PROXY_HOPS;
  delete process.env.AUTH_RATE_LIMIT_PER_MINUTE;
  resetConfigForTests();
  handle = await testDb();
  process.env[HTTP_ENTRY_ENV] = "1"; // served through scripts/serve.ts: the socket address is the client
});
afterAll(async () => {
  delete process.env[HTTP_ENTRY_ENV];
  await handle?.close();
});

const noParams = { params: Promise.resolve({}) };
const nonceFrom = (ip: string) =>
  nonceGET(
    new Request(`${config().origin}/api/auth/nonce`, { headers: { [CLIENT_IP_HEADER]: ip } }),
    noParams,
  );

async function statuses(n: number, ipOf: (i: number) => string): Promise<number[]> {
  const got: number[] = [];
  for (let i = 1; i <= n; i++) got.push((await nonceFrom(ipOf(i))).status);
  return got;
}

describe("per-client limits without a proxy", () => {
  it("one IPv6 host (one /64) cannot issue unlimited SIWE nonces by rotating its interface id", async () => {
    await awayFromWindowEdge();
    const limit = config().AUTH_RATE_LIMIT_PER_MINUTE; // 30
    // Every address below is the same customer network: a /64 is what one home or VM gets.
    const got = await statuses(limit + 10, (i) => `2001:db8:7:7::${i.toString(16)}`);
    expect(got.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(got.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(got[limit]).toBe(429);
    // Spelled differently, still the same /64; another /64 has a budget of its own.
    expect((await nonceFrom("2001:DB8:7:7:ffff:ffff:ffff:1")).status).toBe(429);
    expect((await nonceFrom("2001:db8:7:8::1")).status).toBe(200);
  });

  it("IPv4 clients stay counted per address, even inside one /24", async () => {
    await awayFromWindowEdge();
    const limit = config().AUTH_RATE_LIMIT_PER_MINUTE;
    const one = await statuses(limit + 1, () => "198.51.100.10");
    expect(one[limit]).toBe(429);
    expect(await statuses(3, () => "198.51.100.11")).toEqual([200, 200, 200]);
  });

  it("docs/api.md Limits: GET /api/auth/nonce allows AUTH_RATE_LIMIT_PER_MINUTE (default 30) per minute", async () => {
    await awayFromWindowEdge();
    const limit = config().AUTH_RATE_LIMIT_PER_MINUTE;
    expect(limit).toBe(30);
    const got = await statuses(limit + 1, () => "198.51.100.77");
    expect(got.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(got[limit]).toBe(429);
    // The row that documents it names the same variable and default (it once said 60).
    const doc = fs.readFileSync("docs/api.md", "utf8");
    const row = doc.split("\n").find((line) => line.startsWith("| `GET /api/auth/nonce` |"));
    expect(row).toContain("`AUTH_RATE_LIMIT_PER_MINUTE` (default 30) per minute");
  });
});

describe("per-client limits when the client address cannot be known", () => {
  const anonymousNonce = () => nonceGET(new Request(`${config().origin}/api/auth/nonce`), noParams);

  it("in production, every visitor counts as one client (not unlimited)", async () => {
    delete process.env[HTTP_ENTRY_ENV]; // `next start` with no proxy: nothing says who the client is
    vi.stubEnv("NODE_ENV", "production");
    try {
      await awayFromWindowEdge();
      const limit = config().AUTH_RATE_LIMIT_PER_MINUTE;
      const got: number[] = [];
      for (let i = 0; i <= limit; i++) got.push((await anonymousNonce()).status);
      expect(got.slice(0, limit).every((s) => s === 200)).toBe(true);
      expect(got[limit]).toBe(429);
    } finally {
      vi.unstubAllEnvs();
      process.env[HTTP_ENTRY_ENV] = "1";
    }
  });

  it("outside production (a handler called directly, next dev), the per-client rule is skipped", async () => {
    delete process.env[HTTP_ENTRY_ENV];
    try {
      const limit = config().AUTH_RATE_LIMIT_PER_MINUTE;
      const got: number[] = [];
      for (let i = 0; i <= limit; i++) got.push((await anonymousNonce()).status);
      expect(got.every((s) => s === 200)).toBe(true);
    } finally {
      process.env[HTTP_ENTRY_ENV] = "1";
    }
  });
});

import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { HTTP_ENTRY_ENV } from "@/server/client-ip";
import { resetConfigForTests } from "@/server/config";
import { createHttpEntry } from "../scripts/lib/http-entry";
import { testDb } from "./db";
import { awayFromWindowEdge } from "./rate-window";

/**
 * The HTTP entry of scripts/serve.ts on a free loopback port, in front of the real
 * `GET /api/auth/nonce` route (30 per minute per client address): the wiring of per-IP limits
 * without a proxy (socket address; forged X-Forwarded-For ignored) and behind one trusted proxy.
 */
type Route = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let handle: DbHandle;
let nonceRoute: Route;
const servers: http.Server[] = [];

beforeAll(async () => {
  process.env.PUBLIC_URL = "http://localhost:3000";
  process.env.SESSION_SECRET = "s".repeat(64);
  process.env[HTTP_ENTRY_ENV] = "1";
  resetConfigForTests();
  handle = await testDb();
  nonceRoute = (await import("@/app/api/auth/nonce/route")).GET as unknown as Route;
});

afterAll(async () => {
  delete process.env[HTTP_ENTRY_ENV];
  delete process.env.TRUST_PROXY_HOPS;
  resetConfigForTests();
  for (const s of servers) s.close();
  await handle?.close();
});

/** The entry, with a tiny adapter from Node's request to the route's Web Request (Next's job in production). */
async function boot(hops: number): Promise<string> {
  process.env.TRUST_PROXY_HOPS = String(hops);
  resetConfigForTests();
  const server = createHttpEntry(async (req, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const answer = await nonceRoute(new Request(`http://localhost:3000${req.url}`, { headers }), {
      params: Promise.resolve({}),
    });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(await answer.text());
  }, hops);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function statuses(base: string, headersFor: (i: number) => Record<string, string>, n: number) {
  await awayFromWindowEdge();
  const out: number[] = [];
  // One after another: the limit is what is tested, not the database under a burst.
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${base}/api/auth/nonce`, { headers: headersFor(i) });
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

describe("HTTP entry (scripts/serve.ts) and the per-client limits", () => {
  it("with TRUST_PROXY_HOPS=0 limits by the socket address; forged X-Forwarded-For and internal headers change nothing", async () => {
    const base = await boot(0);
    const got = await statuses(
      base,
      (i) => ({ "x-forwarded-for": `203.0.113.${i + 1}`, "X-Aurum-Client-Ip": `198.51.100.${i + 1}` }),
      31,
    );
    expect(got.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(got[30]).toBe(429);
  });

  it("with TRUST_PROXY_HOPS=1 limits by the address the proxy appended, not the socket or the client's own entries", async () => {
    const base = await boot(1);
    // 31 requests from one client behind the proxy, each with a different forged entry on the left.
    const one = await statuses(base, (i) => ({ "x-forwarded-for": `6.6.6.${i}, 203.0.113.50` }), 31);
    expect(one.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(one[30]).toBe(429);
    // Other clients behind the same proxy (same socket address) are not affected.
    const others = await statuses(base, (i) => ({ "x-forwarded-for": `203.0.113.${100 + i}` }), 5);
    expect(others).toEqual([200, 200, 200, 200, 200]);
  });

  it("answers a malformed %-escape itself (Next would 500): 400 JSON for the API, the 404 page path otherwise", async () => {
    const seen: string[] = [];
    const server = createHttpEntry((req, res) => {
      seen.push(req.url ?? "");
      res.writeHead(404);
      res.end();
    }, 0);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const api = await fetch(`${base}/api/account/%E0%A4%A/balance`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({
      error: { code: "INVALID_ENCODING", message: "The request path has a malformed %-escape." },
    });
    expect((await fetch(`${base}/news/%E0%A4%A?x=1`)).status).toBe(404);
    expect((await fetch(`${base}/news/caf%C3%A9`)).status).toBe(404);
    expect(seen).toEqual(["/_/malformed-path", "/news/caf%C3%A9"]);
  });
});

// What the public read API sends with its error answers (docs/api.md, "Limits"): never a publicly
// cacheable error, and the RateLimit-* headers on every answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as completionGET } from "@/app/api/public/v1/tasks/[taskId]/completions/[address]/route";
import { GET as tasksGET } from "@/app/api/public/v1/tasks/route";
import type { DbHandle } from "@/db/client";
import { CLIENT_IP_HEADER, HTTP_ENTRY_ENV } from "@/server/client-ip";
import { config, resetConfigForTests } from "@/server/config";
import { testDb } from "../../../test/db";
import { awayFromWindowEdge } from "../../../test/rate-window";

let handle: DbHandle;
beforeAll(async () => {
  delete process.env.TRUST_PROXY_HOPS;
  resetConfigForTests();
  handle = await testDb();
  process.env[HTTP_ENTRY_ENV] = "1";
});
afterAll(async () => {
  delete process.env[HTTP_ENTRY_ENV];
  await handle?.close();
});

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const get = (path: string, ip: string) =>
  new Request(`${config().origin}${path}`, { headers: { [CLIENT_IP_HEADER]: ip } });
const sharedCacheMayStore = (res: Response) => /\bpublic\b/.test(res.headers.get("cache-control") ?? "");

describe("public read API error answers", () => {
  it("a 429 is not made publicly cacheable (a shared cache would serve one client's 429 to everyone)", async () => {
    await awayFromWindowEdge();
    let last: Response | undefined;
    for (let i = 0; i < 121; i++) last = await tasksGET(get("/api/public/v1/tasks", "203.0.113.50"), ctx({}));
    expect(last?.status).toBe(429);
    expect(last?.headers.get("cache-control")).toBe("no-store");
    expect(sharedCacheMayStore(last as Response)).toBe(false);
    // The refusal says which budget ran out and when it comes back.
    expect(last?.headers.get("ratelimit-limit")).toBe("120");
    expect(last?.headers.get("ratelimit-remaining")).toBe("0");
    expect(last?.headers.get("ratelimit-reset")).toBe(last?.headers.get("retry-after"));
  });

  it("a 400 / 404 is not made publicly cacheable either", async () => {
    const bad = await completionGET(
      get("/api/public/v1/tasks/check-in/completions/0xnot", "203.0.113.51"),
      ctx({ taskId: "check-in", address: "0xnot" }),
    );
    expect(bad.status).toBe(400);
    const unknown = await completionGET(
      get(`/api/public/v1/tasks/nope/completions/0x${"1".repeat(40)}`, "203.0.113.51"),
      ctx({ taskId: "nope", address: `0x${"1".repeat(40)}` }),
    );
    expect(unknown.status).toBe(404);
    expect([sharedCacheMayStore(bad), sharedCacheMayStore(unknown)]).toEqual([false, false]);
  });

  it("docs/api.md: routes with a limit send RateLimit-* on every answer (here a 404)", async () => {
    const unknown = await completionGET(
      get(`/api/public/v1/tasks/nope/completions/0x${"2".repeat(40)}`, "203.0.113.52"),
      ctx({ taskId: "nope", address: `0x${"2".repeat(40)}` }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("ratelimit-limit")).toBe("600");
    expect(unknown.headers.get("ratelimit-remaining")).toBe("599");
    expect(Number(unknown.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
  });
});

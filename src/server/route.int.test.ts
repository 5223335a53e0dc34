import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { DbHandle } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { testDb } from "../../test/db";
import { awayFromWindowEdge } from "../../test/rate-window";
import { config } from "./config";
import { ApiError } from "./errors";
import { logger } from "./logger";
import { json, route, routePattern } from "./route";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const noParams = { params: Promise.resolve({}) };
const origin = () => config().origin;

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request(`${origin()}/api/test`, {
    method: "POST",
    body,
    headers: { origin: origin(), "content-type": "application/json", ...headers },
    // Node's Request needs this for a streamed body.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return body.error;
}

describe("route()", () => {
  const echo = route({ body: z.object({ name: z.string().max(20) }) }, ({ body }) => ({ hello: body.name }));

  it("parses the body with the schema and answers JSON with no-store", async () => {
    const res = await echo(post(JSON.stringify({ name: "Ada" })), noParams);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hello: "Ada" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("maps schema failures, bad JSON, NUL bytes and lone surrogates to 400s", async () => {
    const bad = await echo(post(JSON.stringify({ name: 5 })), noParams);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("INVALID_INPUT");
    const notJson = await echo(post("{"), noParams);
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe("INVALID_JSON");
    const nul = await echo(post('{"name":"a\\u0000b"}'), noParams);
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).code).toBe("INVALID_TEXT");
    const surrogate = await echo(post('{"name":"\\ud800"}'), noParams);
    expect(surrogate.status).toBe(400);
    expect((await errorOf(surrogate)).code).toBe("INVALID_TEXT");
  });

  it("refuses a body over the limit with 413 while streaming, whatever Content-Length says", async () => {
    const small = route({ body: z.unknown(), bodyLimit: 1024 }, () => ({ ok: true }));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: the reader must stop at the limit, not wait for the end.
        sent += 512;
        controller.enqueue(new Uint8Array(512).fill(32));
        if (sent > 1_000_000) controller.close();
      },
    });
    const res = await small(post(stream), noParams);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe("PAYLOAD_TOO_LARGE");
    expect(sent).toBeLessThan(10_000);
    const declared = await small(post("{}", { "content-length": "999999" }), noParams);
    expect(declared.status).toBe(413);
  });

  it("refuses writes from other sites, including look-alike origins", async () => {
    const write = route({}, () => ({ ok: true }));
    for (const foreign of ["http://evil.example", `${origin()}.evil.example`, `${origin()}1`]) {
      const res = await write(post("{}", { origin: foreign }), noParams);
      expect(res.status, foreign).toBe(403);
    }
    const sameSite = new Request(`${origin()}/api/test`, {
      method: "POST",
      headers: { "sec-fetch-site": "same-site" },
    });
    expect((await write(sameSite, noParams)).status).toBe(403);
  });

  it("requires a session when asked, and roles answer 403 to everyone else", async () => {
    const me = route({ session: "required" }, ({ session }) => ({ address: session.address }));
    expect((await me(new Request(`${origin()}/api/me`), noParams)).status).toBe(401);
    const { cookieHeader, session } = await createTestSession("0x00000000000000000000000000000000000000a1");
    const ok = await me(new Request(`${origin()}/api/me`, { headers: { cookie: cookieHeader } }), noParams);
    expect(await ok.json()).toEqual({ address: session.address });

    const admin = route({ roles: ["admin"] }, () => json({ ok: true }, { status: 201 }));
    expect((await admin(new Request(`${origin()}/api/admin/x`), noParams)).status).toBe(403);
    const asUser = await admin(
      new Request(`${origin()}/api/admin/x`, { headers: { cookie: cookieHeader } }),
      noParams,
    );
    expect(asUser.status).toBe(403);
    await handle.db
      .insert(staffRoles)
      .values({ address: session.address.toLowerCase(), role: "admin", grantedBy: "test" });
    const asAdmin = await admin(
      new Request(`${origin()}/api/admin/x`, { headers: { cookie: cookieHeader } }),
      noParams,
    );
    expect(asAdmin.status).toBe(201);
  });

  it("rate-limits per rule and reports the limit in headers", async () => {
    await awayFromWindowEdge(); // three calls in one clock-aligned window
    const limited = route(
      { rateLimit: { name: "t-global", by: "global", limit: 2, windowSeconds: 60 } },
      () => ({}),
    );
    const first = await limited(new Request(`${origin()}/api/x`), noParams);
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    await limited(new Request(`${origin()}/api/x`), noParams);
    const third = await limited(new Request(`${origin()}/api/x`), noParams);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("applies `cache` to 2xx answers only: every error and redirect is no-store", async () => {
    const cached = route(
      { cache: "public, max-age=60", query: z.object({ n: z.coerce.number().int().optional() }) },
      ({ query }) => {
        if (query.n === 404) throw new ApiError(404, "NOT_FOUND", "Not found.");
        if (query.n === 500) throw new Error("boom");
        if (query.n === 303) return new Response(null, { status: 303, headers: { location: "/x" } });
        // A handler's own public cache on an error is overridden too.
        if (query.n === 410)
          return new Response("gone", { status: 410, headers: { "Cache-Control": "public, max-age=600" } });
        return { ok: true };
      },
    );
    const ask = async (n?: number) =>
      (
        await cached(new Request(`${origin()}/api/c${n === undefined ? "" : `?n=${n}`}`), noParams)
      ).headers.get("cache-control");
    expect(await ask()).toBe("public, max-age=60");
    expect(await ask(303)).toBe("no-store");
    expect(await ask(404)).toBe("no-store");
    expect(await ask(410)).toBe("no-store");
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      expect(await ask(500)).toBe("no-store");
    } finally {
      error.mockRestore();
    }
    const badQuery = await cached(new Request(`${origin()}/api/c?n=x`), noParams);
    expect([badQuery.status, badQuery.headers.get("cache-control")]).toEqual([400, "no-store"]);
  });

  it("sends RateLimit-* on error answers after the limit check, and on the 429 itself", async () => {
    await awayFromWindowEdge();
    const name = `t-err-${crypto.randomUUID()}`;
    const limited = route(
      {
        rateLimit: [
          { name: `${name}-wide`, by: "global", limit: 100, windowSeconds: 60 },
          { name, by: "global", limit: 2, windowSeconds: 60 },
        ],
        query: z.object({ q: z.string().max(3) }),
      },
      () => ({}),
    );
    const bad = await limited(new Request(`${origin()}/api/x?q=toolong`), noParams);
    expect(bad.status).toBe(400);
    expect([bad.headers.get("ratelimit-limit"), bad.headers.get("ratelimit-remaining")]).toEqual(["2", "1"]);
    await limited(new Request(`${origin()}/api/x?q=ok`), noParams);
    const refused = await limited(new Request(`${origin()}/api/x?q=ok`), noParams);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-limit")).toBe("2");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("ratelimit-reset")).toBe(refused.headers.get("retry-after"));
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("never answers a 5xx body that leaks the error", async () => {
    const boom = route({}, () => {
      throw new Error("secret detail");
    });
    const res = await boom(new Request(`${origin()}/api/x`), noParams);
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("secret");
  });

  it("logs a failure under the route's pattern, never the URL with its secrets", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      const boom = route({ params: z.object({ token: z.string() }) }, () => {
        throw new Error("boom");
      });
      const token = "t0kenFromTheTicketLink";
      const res = await boom(new Request(`${origin()}/api/tickets/${token}?verify=s3cret`), {
        params: Promise.resolve({ token }),
      });
      expect(res.status).toBe(500);
      const logged = JSON.stringify(
        error.mock.calls.map(([fields]) => ({ ...(fields as object), err: undefined })),
      );
      expect(logged).toContain("/api/tickets/[token]");
      expect(logged).not.toContain(token);
      expect(logged).not.toContain("s3cret");
    } finally {
      error.mockRestore();
    }
  });
});

describe("routePattern", () => {
  it("replaces parameter values with their names", () => {
    expect(routePattern("/api/account/0xAbC/balance", { address: "0xAbC" })).toBe(
      "/api/account/[address]/balance",
    );
    expect(routePattern("/api/news/a%20b", { slug: "a b" })).toBe("/api/news/[slug]");
    expect(routePattern("/api/version", {})).toBe("/api/version");
  });
});

import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newSessionId, signSessionId } from "@/features/auth";
import { resetConfigForTests } from "@/server/config";
import { logger } from "@/server/logger";
import { config, proxy } from "./proxy";

const SECRET = "s".repeat(64);
// Not the default port, and no server listens there: nothing in this file may touch the network.
const SITE = "http://localhost:39999";

beforeAll(() => {
  process.env.SESSION_SECRET = SECRET;
  process.env.PUBLIC_URL = SITE;
  process.env.TESTNET_PUBLIC_RPC_URL = "http://127.0.0.1:39998";
  resetConfigForTests();
});
afterAll(() => {
  delete process.env.TESTNET_PUBLIC_RPC_URL;
});

const request = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  new NextRequest(`${SITE}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

const passedThrough = (res: Response) => res.headers.get("x-middleware-next") === "1";
/** The request headers the proxy hands on to Next (NextResponse.next({request: {headers}})). */
const forwarded = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);

describe("proxy: route protection", () => {
  it.each(["/news", "/news/launch-day", "/swap", "/testnet", "/friends/"])(
    "redirects a visitor without a cookie from %s to /connect?next=…",
    async (path) => {
      const res = await proxy(request(path));
      expect(res.status).toBe(307);
      const location = new URL(res.headers.get("location") ?? "");
      expect(location.pathname).toBe("/connect");
      expect(location.searchParams.get("next")).toBe(path);
    },
  );

  it("keeps the query string in next", async () => {
    const res = await proxy(request("/swap?from=AURUM&to=USDT"));
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.searchParams.get("next")).toBe("/swap?from=AURUM&to=USDT");
  });

  it("drops Next's internal _rsc parameter from next", async () => {
    const res = await proxy(request("/swap?_rsc=abc12&from=AURUM"));
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.searchParams.get("next")).toBe("/swap?from=AURUM");
    const bare = new URL((await proxy(request("/swap?_rsc=abc12"))).headers.get("location") ?? "");
    expect(bare.searchParams.get("next")).toBe("/swap");
  });

  it("builds the redirect on PUBLIC_URL's origin, never on a forged Host", async () => {
    // Next builds request.url from the Host header (and X-Forwarded-Host): both are the client's.
    const forged = new NextRequest("http://evil.example/swap?x=1", {
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
    });
    const res = await proxy(forged);
    expect(res.status).toBe(307);
    const location = res.headers.get("location") ?? "";
    expect(new URL(location).origin).toBe(SITE);
    expect(location).not.toContain("evil.example");
    expect(new URL(location).searchParams.get("next")).toBe("/swap?x=1");
  });

  it("sends a path too long to carry in next to /connect without it", async () => {
    const long = `/swap?q=${"a".repeat(3000)}`;
    const location = new URL((await proxy(request(long))).headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${SITE}/connect`);
  });

  it("lets a correctly signed cookie through", async () => {
    const value = await signSessionId(newSessionId(), SECRET);
    const res = await proxy(request("/wallet", `aurum_session=${value}`));
    expect(passedThrough(res)).toBe(true);
  });

  it("redirects a cookie signed with another secret or tampered with", async () => {
    const foreign = await signSessionId(newSessionId(), "x".repeat(64));
    expect((await proxy(request("/wallet", `aurum_session=${foreign}`))).status).toBe(307);
    const own = await signSessionId(newSessionId(), SECRET);
    const tampered = `${newSessionId()}.${own.split(".")[1]}`;
    expect((await proxy(request("/wallet", `aurum_session=${tampered}`))).status).toBe(307);
    expect((await proxy(request("/wallet", "aurum_session=garbage"))).status).toBe(307);
  });

  it("with two aurum_session cookies uses the first validly signed one, in either order", async () => {
    const good = await signSessionId(newSessionId(), SECRET);
    const bad = await signSessionId(newSessionId(), "x".repeat(64));
    // Next's own cookie parser keeps the last copy: a bad last copy must not redirect.
    expect(
      passedThrough(await proxy(request("/wallet", `aurum_session=${good}; aurum_session=${bad}`))),
    ).toBe(true);
    expect(
      passedThrough(await proxy(request("/wallet", `aurum_session=${bad}; aurum_session=${good}`))),
    ).toBe(true);
    expect((await proxy(request("/wallet", `aurum_session=${bad}; aurum_session=junk`))).status).toBe(307);
  });

  it("leaves public paths alone even without a cookie", async () => {
    for (const path of ["/connect", "/ABCD2345", "/newsletter", "/robots.txt"]) {
      expect(passedThrough(await proxy(request(path)))).toBe(true);
    }
  });

  it("passes every load of the landing page to Next (shared renders are the HTTP entry's: document-cache.ts)", async () => {
    const value = await signSessionId(newSessionId(), SECRET);
    for (const res of [
      await proxy(request("/")),
      await proxy(request("/", undefined, { "sec-fetch-dest": "document" })),
      await proxy(request("/", `aurum_session=${value}`)),
      await proxy(request("/", undefined, { rsc: "1" })),
    ]) {
      expect(passedThrough(res)).toBe(true);
    }
  });

  it("matches every page (for its CSP), not the API or build assets", () => {
    const pattern = new RegExp(`^${config.matcher[0]}$`);
    for (const p of ["/", "/swap", "/connect", "/ABCD2345", "/news/a%2Fb", "/no/such/page", "/apiary"]) {
      expect(pattern.test(p), p).toBe(true);
    }
    for (const p of ["/api/auth/nonce", "/_next/static/chunks/a.js", "/_next/image", "/favicon.ico"]) {
      expect(pattern.test(p), p).toBe(false);
    }
  });
});

describe("proxy: Content-Security-Policy", () => {
  const cspOf = (res: Response) => res.headers.get("content-security-policy") ?? "";

  it("sends a strict nonce-based policy on every page and hands the same nonce to Next", async () => {
    const value = await signSessionId(newSessionId(), SECRET);
    for (const res of [
      await proxy(request("/connect")),
      await proxy(request("/wallet", `aurum_session=${value}`)),
      await proxy(request("/ABCD2345")),
    ]) {
      const csp = cspOf(res);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(forwarded(res, "x-nonce")).toBe(nonce);
      expect(forwarded(res, "content-security-policy")).toBe(csp);
      expect(csp).toContain("script-src 'self' 'nonce-");
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:39998;");
    }
  });

  it("uses a fresh nonce per request", async () => {
    const a = cspOf(await proxy(request("/connect")));
    const b = cspOf(await proxy(request("/connect")));
    expect(a).not.toBe(b);
  });
});

describe("proxy: crawlers on unmatched paths (the seed's bot rule)", () => {
  const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  const CHROME =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const bot = (path: string, cookie?: string) => request(path, cookie, { "user-agent": GOOGLEBOT });

  it.each([
    ["/a/b/c", "404 Page not found: /a/b/c\n"],
    ["/ABCD2345/more", "404 Page not found: /ABCD2345/more\n"],
    ["/hello", "404 Page Not Found: /hello\n"],
  ])("answers a bot asking for %s with a plain-text 404, not the error page", async (path, body) => {
    const res = await proxy(bot(path));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(passedThrough(res)).toBe(false);
    expect(await res.text()).toBe(body);
  });

  it("answers the same with or without a session cookie", async () => {
    const value = await signSessionId(newSessionId(), SECRET);
    const res = await proxy(bot("/hello", `aurum_session=${value}`));
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("404 Page Not Found: /hello\n");
  });

  it("passes a bot through to real pages, well-formed referral codes and files", async () => {
    for (const path of [
      "/",
      "/ABCD2345",
      "/abcd2345",
      "/connect",
      "/explorer/block/1",
      "/robots.txt",
      "/wallets/metamask.svg",
    ]) {
      expect(passedThrough(await proxy(bot(path))), path).toBe(true);
    }
    // Protected pages still send a crawler without a session to /connect.
    expect((await proxy(bot("/swap"))).status).toBe(307);
  });

  it("lets people (and scripts) reach the normal 404 page", async () => {
    for (const ua of [CHROME, "curl/8.5.0"]) {
      expect(passedThrough(await proxy(request("/a/b/c", undefined, { "user-agent": ua })))).toBe(true);
    }
  });

  it("logs the miss it answers", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      await proxy(bot("/a/b"));
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ status: 404, path: "/a/b", message: "Page not found: /a/b" }),
        "bot hit a not-found page",
      );
    } finally {
      warn.mockRestore();
    }
  });

  it("forwards the path for the not-found pages' log, overwriting one the client sent", async () => {
    const page = await proxy(
      request("/swap/x?y=1", `aurum_session=${await signSessionId(newSessionId(), SECRET)}`, {
        "x-pathname": "/forged",
      }),
    );
    expect(forwarded(page, "x-pathname")).toBe("/swap/x");
    expect(forwarded(await proxy(request("/no/such/page")), "x-pathname")).toBe("/no/such/page");
  });
});

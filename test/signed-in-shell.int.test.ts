import type http from "node:http";
import type { AddressInfo } from "node:net";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { resetConfigForTests } from "@/server/config";
import { DocumentCache } from "@/server/document-cache";
import { isSignedInShellMark, RENDER_HEADER, signedInShellMark } from "@/server/shell-render";
import { parseDocumentSession } from "@/wallet-modal/session-blob";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { createHttpEntry } from "../scripts/lib/http-entry";
import { shellSessionOf } from "../scripts/lib/shell-session";
import { testDb } from "./db";

/**
 * Signed-in shells (scripts/lib/signed-in-shell.ts) through the HTTP entry on a loopback port, with
 * the real session check (cookie signature and session row on PGlite/PostgreSQL) in front of a
 * stand-in for Next that does what the layout and the pages do: with the entry's mark it renders the
 * shell (and shows what cookie it saw); otherwise it reads the session from the Cookie header and
 * renders the visitor's own page, or redirects to /connect without a live session.
 */
let handle: DbHandle;
let alice: TestSession;
let bob: TestSession;
const servers: http.Server[] = [];

beforeAll(async () => {
  process.env.PUBLIC_URL = "http://localhost:3000";
  process.env.SESSION_SECRET = "s".repeat(64);
  resetConfigForTests();
  handle = await testDb();
  alice = await createTestSession(privateKeyToAccount(ANVIL_KEYS[4]).address);
  bob = await createTestSession(privateKeyToAccount(ANVIL_KEYS[5]).address);
});

afterAll(async () => {
  for (const s of servers) s.close();
  await handle?.close();
});

type Seen = { url: string; cookie: string | undefined; shell: boolean };

async function boot(opts: { delayMs?: number } = {}) {
  const seen: Seen[] = [];
  let n = 0;
  const server = createHttpEntry(
    async (req, res) => {
      const shell = isSignedInShellMark(req.headers[RENDER_HEADER] as string | undefined);
      seen.push({ url: req.url ?? "", cookie: req.headers.cookie, shell });
      const nonce = Buffer.from(`render-number-${String(++n).padStart(2, "0")}`).toString("base64");
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const who = shell ? null : await shellSessionOf(req.headers.cookie ?? "");
      if (!shell && !who) {
        res.statusCode = 307;
        res.setHeader("location", `/connect?next=${encodeURIComponent(req.url ?? "/")}`);
        res.end();
        return;
      }
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-security-policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
      // The article page's notFound() for a slug no article has.
      if (req.url?.startsWith("/news/no-such-")) res.statusCode = 404;
      res.write(`<html><head><script nonce="${nonce}">1</script></head><body class="b">`);
      const chip = shell ? "<span data-pending></span>" : `<button>${who?.address}</button>`;
      res.end(`${chip}<main>${req.url} cookie:${req.headers.cookie ?? "none"}</main></body></html>`);
    },
    0,
    { documentCache: new DocumentCache(60_000), sessionCookie: "aurum_session", sessionOf: shellSessionOf },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    headers: { "accept-encoding": "identity", ...headers },
    redirect: "manual",
  });
  const body = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const block = /<script id="aurum-session" type="application\/json">(.*?)<\/script>/.exec(body);
  return {
    res,
    body,
    nonce,
    session: parseDocumentSession(block?.[1]),
    page: body.replace(block?.[0] ?? "", "").replaceAll(nonce, "NONCE"),
  };
}

describe("signed-in shells: one render for every signed-in visitor, each with their own session block", () => {
  it("renders the shell once without any cookie and gives each visitor their own session", async () => {
    const { base, seen } = await boot();
    const a = await get(`${base}/swap`, {
      cookie: `theme=dark; ${alice.cookieHeader}`,
      "accept-encoding": "gzip",
    });
    const b = await get(`${base}/swap?utm_source=x`, { cookie: bob.cookieHeader });
    const a2 = await get(`${base}/swap`, { cookie: alice.cookieHeader });
    // The one render carried no cookie at all (nothing of anyone could be read) and the entry's mark.
    expect(seen).toEqual([{ url: "/swap", cookie: undefined, shell: true }]);
    expect(a.res.headers.get("content-encoding")).toBe("gzip");
    for (const x of [a, b, a2]) expect(x.res.status).toBe(200);
    expect(new Set([a.nonce, b.nonce, a2.nonce]).size).toBe(3);
    // The same bytes modulo nonce and session block; the shell names nobody.
    expect(b.page).toBe(a.page);
    expect(a2.page).toBe(a.page);
    expect(a.page).toContain("cookie:none");
    for (const addr of [alice.session.address, bob.session.address])
      expect(a.page.toLowerCase()).not.toContain(addr.slice(2).toLowerCase());
    expect(a.session).toEqual({ address: alice.session.address, name: null });
    expect(b.session).toEqual({ address: bob.session.address, name: null });
    expect(a.body.indexOf('<script id="aurum-session"')).toBe(a.body.indexOf('<body class="b">') + 16);
  });

  it("keeps signed-in shells apart from anonymous renders and per page", async () => {
    const { base, seen } = await boot();
    await get(`${base}/`);
    await get(`${base}/`, { cookie: alice.cookieHeader });
    await get(`${base}/stake`, { cookie: alice.cookieHeader });
    await get(`${base}/stake`, { cookie: bob.cookieHeader });
    expect(seen.map((s) => [s.url, s.shell])).toEqual([
      ["/", false],
      ["/", true],
      ["/stake", true],
    ]);
  });

  it("hands a forged, signed-out or missing session to Next untouched (its redirect)", async () => {
    const { base, seen } = await boot();
    const forged = `aurum_session=${"a".repeat(43)}.${"b".repeat(43)}`;
    const gone = await createTestSession(privateKeyToAccount(ANVIL_KEYS[6]).address);
    const { deleteSessionByCookieHeader } = await import("@/features/auth/server/sessions");
    expect(await deleteSessionByCookieHeader(gone.cookieHeader)).toBe(true);
    for (const cookie of [forged, gone.cookieHeader]) {
      const r = await get(`${base}/swap`, { cookie });
      expect(r.res.status).toBe(307);
      expect(r.res.headers.get("location")).toBe("/connect?next=%2Fswap");
      expect(r.body).not.toContain("aurum-session");
    }
    expect(seen).toEqual([
      { url: "/swap", cookie: forged, shell: false },
      { url: "/swap", cookie: gone.cookieHeader, shell: false },
    ]);
  });

  it("ignores the internal render header sent from outside", async () => {
    const { base, seen } = await boot();
    // Even the entry's real mark (a client cannot know it) is stripped before Next sees the request.
    const outside = await get(`${base}/swap`, { [RENDER_HEADER]: signedInShellMark() });
    expect(outside.res.status).toBe(307);
    const signedIn = await get(`${base}/task`, {
      cookie: alice.cookieHeader,
      [RENDER_HEADER]: "signed-in-shell x",
    });
    expect(signedIn.body).toContain(`<button>${alice.session.address}</button>`);
    expect(seen.map((s) => s.shell)).toEqual([false, false]);
  });

  it("has concurrent signed-in visitors wait for one render, each with their own session", async () => {
    const { base, seen } = await boot({ delayMs: 100 });
    const who = [alice, bob, alice, bob, alice, bob];
    const answers = await Promise.all(who.map((s) => get(`${base}/stake`, { cookie: s.cookieHeader })));
    expect(seen).toHaveLength(1);
    answers.forEach((x, i) => {
      expect(x.res.status).toBe(200);
      expect(x.session?.address).toBe(who[i]?.session.address);
      expect(x.page).toBe(answers[0]?.page);
    });
  });

  it.each([
    "/testnet",
    "/news",
    "/news?tag=faucet&page=2",
    "/news/faucet-is-open",
    "/faq",
    "/support",
    "/airdrop",
  ])("serves %s as one shell: two users, the same bytes modulo nonce and block", async (path) => {
    const { base, seen } = await boot();
    const a = await get(`${base}${path}`, { cookie: alice.cookieHeader });
    const b = await get(`${base}${path}`, { cookie: bob.cookieHeader });
    expect(seen).toEqual([{ url: path, cookie: undefined, shell: true }]);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    expect(a.nonce).not.toBe(b.nonce);
    expect(b.page).toBe(a.page);
    expect(a.session?.address).toBe(alice.session.address);
    expect(b.session?.address).toBe(bob.session.address);
    for (const addr of [alice.session.address, bob.session.address])
      expect(a.page.toLowerCase()).not.toContain(addr.slice(2).toLowerCase());
  });

  it("keys articles by slug and never keeps a 404 (each visitor gets it with their own block)", async () => {
    const { base, seen } = await boot();
    await get(`${base}/news/faucet-is-open`, { cookie: alice.cookieHeader });
    await get(`${base}/news/points-campaign`, { cookie: alice.cookieHeader });
    await get(`${base}/news/faucet-is-open`, { cookie: bob.cookieHeader });
    const missA = await get(`${base}/news/no-such-article`, { cookie: alice.cookieHeader });
    const missB = await get(`${base}/news/no-such-article`, { cookie: bob.cookieHeader });
    expect(seen.map((s) => [s.url, s.shell])).toEqual([
      ["/news/faucet-is-open", true],
      ["/news/points-campaign", true],
      ["/news/no-such-article", true],
      ["/news/no-such-article", true],
    ]);
    expect([missA.res.status, missB.res.status]).toEqual([404, 404]);
    expect(missA.session?.address).toBe(alice.session.address);
    expect(missB.session?.address).toBe(bob.session.address);
    // A path outside the article pattern is not a shell: Next gets the visitor's own request.
    const upper = await get(`${base}/news/Faucet-Is-Open`, { cookie: alice.cookieHeader });
    expect(upper.body).toContain(`<button>${alice.session.address}</button>`);
    expect(seen.at(-1)).toEqual({ url: "/news/Faucet-Is-Open", cookie: alice.cookieHeader, shell: false });
  });

  it("sends a forged session on the content pages to Next, which redirects to /connect", async () => {
    const { base, seen } = await boot();
    const forged = `aurum_session=${"a".repeat(43)}.${"b".repeat(43)}`;
    for (const path of ["/testnet", "/news/faucet-is-open", "/faq", "/support", "/airdrop"]) {
      const r = await get(`${base}${path}`, { cookie: forged });
      expect(r.res.status).toBe(307);
      expect(r.res.headers.get("location")).toBe(`/connect?next=${encodeURIComponent(path)}`);
      expect(r.body).not.toContain("aurum-session");
    }
    expect(seen.every((s) => !s.shell && s.cookie === forged)).toBe(true);
  });
});

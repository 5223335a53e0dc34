import { describe, expect, it } from "vitest";
import { RENDER_HEADER, signedInShellMark } from "@/server/shell-render";
import {
  FORGED_SESSION,
  getShellDocument as get,
  shellTestVisitors,
  signedOutSession,
} from "./shell-test-visitors";

/**
 * Signed-in shells (scripts/lib/signed-in-shell.ts) through the HTTP entry on a loopback port, with
 * the real session check (cookie signature and session row on PGlite/PostgreSQL) in front of a
 * stand-in for Next (test/shell-test-visitors.ts) that does what the layout and the pages do: with the
 * entry's mark it renders the shell (and shows what cookie it saw); otherwise it reads the session
 * from the Cookie header and renders the visitor's own page, or redirects to /connect without a live
 * session.
 */
const v = shellTestVisitors();

const boot = (opts: { delayMs?: number } = {}) =>
  v.boot({
    ...opts,
    // The article page's notFound() for a slug no article has.
    statusOf: (url) => (url.startsWith("/news/no-such-") ? 404 : 200),
    render: (req, who) => {
      const chip = who ? `<button>${who.address}</button>` : "<span data-pending></span>";
      return `${chip}<main>${req.url} cookie:${req.headers.cookie ?? "none"}</main></body></html>`;
    },
  });

describe("signed-in shells: one render for every signed-in visitor, each with their own session block", () => {
  it("renders the shell once without any cookie and gives each visitor their own session", async () => {
    const { base, seen } = await boot();
    const a = await get(`${base}/swap`, {
      cookie: `theme=dark; ${v.alice.cookieHeader}`,
      "accept-encoding": "gzip",
    });
    const b = await get(`${base}/swap?utm_source=x`, { cookie: v.bob.cookieHeader });
    const a2 = await get(`${base}/swap`, { cookie: v.alice.cookieHeader });
    // The one render carried no cookie at all (nothing of anyone could be read) and the entry's mark.
    expect(seen).toEqual([{ url: "/swap", cookie: undefined, shell: true }]);
    expect(a.res.headers.get("content-encoding")).toBe("gzip");
    for (const x of [a, b, a2]) expect(x.res.status).toBe(200);
    expect(new Set([a.nonce, b.nonce, a2.nonce]).size).toBe(3);
    // The same bytes modulo nonce and session block; the shell names nobody.
    expect(b.page).toBe(a.page);
    expect(a2.page).toBe(a.page);
    expect(a.page).toContain("cookie:none");
    for (const addr of [v.alice.session.address, v.bob.session.address])
      expect(a.page.toLowerCase()).not.toContain(addr.slice(2).toLowerCase());
    expect(a.session).toEqual({ address: v.alice.session.address, name: null });
    expect(b.session).toEqual({ address: v.bob.session.address, name: null });
    expect(a.body.indexOf('<script id="aurum-session"')).toBe(a.body.indexOf('<body class="b">') + 16);
  });

  it("keeps signed-in shells apart from anonymous renders and per page", async () => {
    const { base, seen } = await boot();
    await get(`${base}/`);
    await get(`${base}/`, { cookie: v.alice.cookieHeader });
    await get(`${base}/stake`, { cookie: v.alice.cookieHeader });
    await get(`${base}/stake`, { cookie: v.bob.cookieHeader });
    expect(seen.map((s) => [s.url, s.shell])).toEqual([
      ["/", false],
      ["/", true],
      ["/stake", true],
    ]);
  });

  it("hands a forged, signed-out or missing session to Next untouched (its redirect)", async () => {
    const { base, seen } = await boot();
    const forged = FORGED_SESSION;
    const gone = await signedOutSession();
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
      cookie: v.alice.cookieHeader,
      [RENDER_HEADER]: "signed-in-shell x",
    });
    expect(signedIn.body).toContain(`<button>${v.alice.session.address}</button>`);
    expect(seen.map((s) => s.shell)).toEqual([false, false]);
  });

  it("has concurrent signed-in visitors wait for one render, each with their own session", async () => {
    const { base, seen } = await boot({ delayMs: 100 });
    const who = [v.alice, v.bob, v.alice, v.bob, v.alice, v.bob];
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
    const a = await get(`${base}${path}`, { cookie: v.alice.cookieHeader });
    const b = await get(`${base}${path}`, { cookie: v.bob.cookieHeader });
    expect(seen).toEqual([{ url: path, cookie: undefined, shell: true }]);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    expect(a.nonce).not.toBe(b.nonce);
    expect(b.page).toBe(a.page);
    expect(a.session?.address).toBe(v.alice.session.address);
    expect(b.session?.address).toBe(v.bob.session.address);
    for (const addr of [v.alice.session.address, v.bob.session.address])
      expect(a.page.toLowerCase()).not.toContain(addr.slice(2).toLowerCase());
  });

  it("keys articles by slug and never keeps a 404 (each visitor gets it with their own block)", async () => {
    const { base, seen } = await boot();
    await get(`${base}/news/faucet-is-open`, { cookie: v.alice.cookieHeader });
    await get(`${base}/news/points-campaign`, { cookie: v.alice.cookieHeader });
    await get(`${base}/news/faucet-is-open`, { cookie: v.bob.cookieHeader });
    const missA = await get(`${base}/news/no-such-article`, { cookie: v.alice.cookieHeader });
    const missB = await get(`${base}/news/no-such-article`, { cookie: v.bob.cookieHeader });
    expect(seen.map((s) => [s.url, s.shell])).toEqual([
      ["/news/faucet-is-open", true],
      ["/news/points-campaign", true],
      ["/news/no-such-article", true],
      ["/news/no-such-article", true],
    ]);
    expect([missA.res.status, missB.res.status]).toEqual([404, 404]);
    expect(missA.session?.address).toBe(v.alice.session.address);
    expect(missB.session?.address).toBe(v.bob.session.address);
    // A path outside the article pattern is not a shell: Next gets the visitor's own request.
    const upper = await get(`${base}/news/Faucet-Is-Open`, { cookie: v.alice.cookieHeader });
    expect(upper.body).toContain(`<button>${v.alice.session.address}</button>`);
    expect(seen.at(-1)).toEqual({ url: "/news/Faucet-Is-Open", cookie: v.alice.cookieHeader, shell: false });
  });

  it("sends a forged session on the content pages to Next, which redirects to /connect", async () => {
    const { base, seen } = await boot();
    const forged = FORGED_SESSION;
    for (const path of ["/testnet", "/news/faucet-is-open", "/faq", "/support", "/airdrop"]) {
      const r = await get(`${base}${path}`, { cookie: forged });
      expect(r.res.status).toBe(307);
      expect(r.res.headers.get("location")).toBe(`/connect?next=${encodeURIComponent(path)}`);
      expect(r.body).not.toContain("aurum-session");
    }
    expect(seen.every((s) => !s.shell && s.cookie === forged)).toBe(true);
  });
});

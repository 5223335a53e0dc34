import { describe, expect, it } from "vitest";
import {
  type CapturedResponse,
  DOCUMENT_CACHE_MAX_KEYS,
  DocumentCache,
  sharedDocument,
  toCachedDocument,
  withNonce,
} from "./document-cache";

const SESSION = "aurum_session";
const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({
  method,
  url,
  header: (name: string) => headers[name],
});

const NONCE = "CXGOGoqImfNFrqpMazslDQ==";
const OTHER = "9u8//CpWddxiOtTaQFlWZg==";
const page = (over: Partial<CapturedResponse> = {}): CapturedResponse => ({
  status: 200,
  headers: {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": `script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`,
    vary: "rsc, Accept-Encoding",
    date: "Tue, 24 Nov 2026 11:00:00 GMT",
    "content-length": 99,
  },
  body: Buffer.from(
    `<html><script nonce="${NONCE}">self.__next_f.push([1,"{\\"nonce\\":\\"${NONCE}\\"}"])</script><p>café €</p></html>`,
  ),
  ...over,
});

describe("sharedDocument: only what is the same for every visitor without a session", () => {
  it("keys the landing page and /connect by path, the page's own parameters and the locale", () => {
    expect(sharedDocument(req("/"), SESSION)).toEqual({ key: "en-US /", url: "/" });
    expect(sharedDocument(req("/?utm_source=x&utm_campaign=y"), SESSION)).toEqual({
      key: "en-US /",
      url: "/",
    });
    expect(sharedDocument(req("/", { "accept-language": "de-DE,de;q=0.9" }), SESSION)?.key).toBe("de-DE /");
    expect(sharedDocument(req("/connect"), SESSION)?.key).toBe("en-US /connect");
    expect(sharedDocument(req("/connect?next=%2Fswap&utm_id=1"), SESSION)).toEqual({
      key: "en-US /connect?next=%2Fswap",
      url: "/connect?next=%2Fswap",
    });
    const withOtherCookie = req("/", { "sec-fetch-dest": "document", cookie: "theme=dark" });
    expect(sharedDocument(withOtherCookie, SESSION)?.key).toBe("en-US /");
  });

  it.each<[string, ReturnType<typeof req>]>([
    ["a POST", req("/", {}, "POST")],
    ["a HEAD", req("/", {}, "HEAD")],
    ["another page", req("/swap")],
    ["a page under /connect", req("/connect/ticket")],
    ["a signed-in visitor", req("/", { cookie: `theme=dark; ${SESSION}=abc` })],
    ["an RSC navigation", req("/", { rsc: "1" })],
    ["a prefetch", req("/connect", { "next-router-prefetch": "1" })],
    ["a server action", req("/connect", { "next-action": "abc" })],
    ["Next's _rsc parameter", req("/?_rsc=abc")],
    ["an unknown parameter", req("/?page=2")],
    ["next on the landing page", req("/?next=%2Fswap")],
    ["a repeated next", req("/connect?next=%2Fa&next=%2Fb")],
    ["a fetch() of the page", req("/", { "sec-fetch-dest": "empty" })],
  ])("refuses %s", (_, r) => {
    expect(sharedDocument(r, SESSION)).toBeNull();
  });
});

describe("toCachedDocument", () => {
  it("keeps a plain HTML page with its nonce's positions, without per-response headers", () => {
    const doc = toCachedDocument(page(), 5);
    expect(doc?.nonce).toBe(NONCE);
    expect(doc?.offsets).toHaveLength(2);
    expect(doc?.headers.map(([n]) => n).sort()).toEqual(["content-security-policy", "content-type", "vary"]);
  });

  it.each<[string, Partial<CapturedResponse>]>([
    ["an error page", { status: 404 }],
    ["a redirect", { status: 307 }],
    ["a response setting a cookie", { headers: { ...page().headers, "set-cookie": ["a=b"] } }],
    ["a compressed body", { headers: { ...page().headers, "content-encoding": "gzip" } }],
    ["JSON", { headers: { ...page().headers, "content-type": "application/json" } }],
    [
      "a page without a nonce",
      { headers: { ...page().headers, "content-security-policy": "script-src 'self'" } },
    ],
  ])("never shares %s", (_, over) => {
    expect(toCachedDocument(page(over), 0)).toBeNull();
  });
});

describe("withNonce", () => {
  it("puts the new nonce everywhere the render's was, in the body and the policy, and nowhere else", () => {
    const doc = toCachedDocument(page(), 0);
    if (!doc) throw new Error("not cached");
    const out = withNonce(doc, OTHER);
    const text = out.body.toString("utf8");
    expect(text).not.toContain(NONCE);
    expect(text.split(OTHER)).toHaveLength(3);
    expect(text).toBe(page().body.toString("utf8").replaceAll(NONCE, OTHER));
    expect(Object.fromEntries(out.headers)["content-security-policy"]).toContain(`'nonce-${OTHER}'`);
    // The cached copy is untouched, so the next answer starts from the render again.
    expect(doc.body.toString("utf8")).toContain(NONCE);
    expect(() => withNonce(doc, "short")).toThrow();
  });
});

describe("DocumentCache", () => {
  it("serves a render for the TTL only", () => {
    let now = 0;
    const cache = new DocumentCache(1_000, () => now);
    cache.capture("k")(page());
    expect(cache.fresh("k")?.nonce).toBe(NONCE);
    now = 999;
    expect(cache.fresh("k")).toBeDefined();
    now = 1_000;
    expect(cache.fresh("k")).toBeUndefined();
  });

  it("lets concurrent requests wait for the one render in flight, and forgets a failed one", async () => {
    const cache = new DocumentCache();
    const done = cache.capture("k");
    const waiting = cache.pending("k");
    expect(waiting).toBeDefined();
    done(page());
    expect((await waiting)?.nonce).toBe(NONCE);
    expect(cache.pending("k")).toBeUndefined();

    const failed = cache.capture("x");
    const waitingX = cache.pending("x");
    failed(null);
    expect(await waitingX).toBeNull();
    expect(cache.fresh("x")).toBeUndefined();
    expect(cache.pending("x")).toBeUndefined();
  });

  it(`keeps at most ${DOCUMENT_CACHE_MAX_KEYS} keys`, () => {
    const cache = new DocumentCache();
    for (let i = 0; i < DOCUMENT_CACHE_MAX_KEYS * 3; i++) cache.capture(`k${i}`)(page());
    expect(cache.size).toBe(DOCUMENT_CACHE_MAX_KEYS);
  });
});

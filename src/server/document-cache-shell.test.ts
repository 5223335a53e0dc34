import { describe, expect, it } from "vitest";
import { parseDocumentSession } from "@/wallet-modal/session-blob";
import {
  DocumentCache,
  sharedDocument,
  signedInShellDocument,
  toCachedDocument,
  withNonce,
} from "./document-cache";
import { isSignedInShellMark, signedInShellMark } from "./shell-render";
import { afterBodyTag, SESSION_BLOCK_ID, sessionBlock } from "./shell-session-block";

const SESSION = "aurum_session";
const SIGNED_IN = { cookie: `theme=dark; ${SESSION}=abc.def` };
const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({
  method,
  url,
  header: (name: string) => headers[name],
});
const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("signedInShellDocument: the pages a signed-in visitor gets as a shared shell", () => {
  it("keys /, /swap and /stake by variant, path and locale, apart from the anonymous renders", () => {
    expect(signedInShellDocument(req("/swap", SIGNED_IN), SESSION)).toEqual({
      key: "signed-in en-US /swap",
      url: "/swap",
    });
    expect(signedInShellDocument(req("/stake?utm_source=x", SIGNED_IN), SESSION)?.url).toBe("/stake");
    const de = req("/", { ...SIGNED_IN, "accept-language": "de-DE" });
    expect(signedInShellDocument(de, SESSION)?.key).toBe("signed-in de-DE /");
    expect(sharedDocument(req("/"), SESSION)?.key).toBe("en-US /");
  });

  it.each<[string, ReturnType<typeof req>]>([
    ["a visitor without the session cookie", req("/swap")],
    ["a page without a shell", req("/admin", SIGNED_IN)],
    ["/connect", req("/connect", SIGNED_IN)],
    ["a POST", req("/swap", SIGNED_IN, "POST")],
    ["an RSC navigation", req("/swap", { ...SIGNED_IN, rsc: "1" })],
    ["a prefetch", req("/stake", { ...SIGNED_IN, "next-router-prefetch": "1" })],
    ["a fetch() of the page", req("/swap", { ...SIGNED_IN, "sec-fetch-dest": "empty" })],
    ["a page parameter", req("/swap?from=0xabc", SIGNED_IN)],
    ["an inherited property name", req("/constructor", SIGNED_IN)],
  ])("refuses %s", (_, r) => {
    expect(signedInShellDocument(r, SESSION)).toBeNull();
  });
});

describe("signed-in shells of the content pages (/testnet, /news, /news/<slug>, /faq, /support, /airdrop)", () => {
  it.each(["/testnet", "/news", "/faq", "/support", "/airdrop"])("keys %s by path and locale", (path) => {
    expect(signedInShellDocument(req(`${path}?utm_campaign=x`, SIGNED_IN), SESSION)).toEqual({
      key: `signed-in en-US ${path}`,
      url: path,
    });
  });

  it("keys the news list by its page and tag, and an article by its slug", () => {
    expect(signedInShellDocument(req("/news?tag=faucet&page=2", SIGNED_IN), SESSION)).toEqual({
      key: "signed-in en-US /news?tag=faucet&page=2",
      url: "/news?tag=faucet&page=2",
    });
    const article = req("/news/faucet-is-open?utm_source=x", { ...SIGNED_IN, "accept-language": "de-DE" });
    expect(signedInShellDocument(article, SESSION)).toEqual({
      key: "signed-in de-DE /news/faucet-is-open",
      url: "/news/faucet-is-open",
    });
    expect(signedInShellDocument(req("/news/a", SIGNED_IN), SESSION)?.key).toBe("signed-in en-US /news/a");
    // Never the anonymous renders: these pages need a session.
    expect(sharedDocument(req("/news/faucet-is-open"), SESSION)).toBeNull();
    expect(sharedDocument(req("/faq"), SESSION)).toBeNull();
  });

  it.each<[string, string]>([
    ["a parameter the list does not read", "/news?pageSize=50"],
    ["a repeated list parameter", "/news?tag=a&tag=b"],
    ["a parameter on an article", "/news/faucet-is-open?page=2"],
    ["a parameter on the FAQ", "/faq?q=nonce"],
    ["a parameter on /airdrop", "/airdrop?round=1"],
    ["a slug no article can have (capitals)", "/news/Faucet-Is-Open"],
    ["a slug with an escape", "/news/faucet%2Dis-open"],
    ["a slug with a dot segment", "/news/.."],
    ["a trailing dash", "/news/faucet-"],
    ["a double dash", "/news/a--b"],
    ["a deeper path", "/news/faucet-is-open/more"],
    ["the list with a trailing slash", "/news/"],
    ["an over-long slug", `/news/${"a".repeat(130)}`],
    ["a sub-page of /airdrop", "/airdrop/verify"],
    ["a ticket page", "/support/tickets/0b5e2e49-6a4f-4a47-9f2e-3c4b9d3b0f11"],
  ])("refuses %s", (_, url) => {
    expect(signedInShellDocument(req(url, SIGNED_IN), SESSION)).toBeNull();
  });
});

describe("sessionBlock", () => {
  it("is a JSON data block whose values cannot close the element", () => {
    const block = sessionBlock({ address: ALICE, name: "</script><script>alert(1)</script>" }).toString();
    expect(block.startsWith(`<script id="${SESSION_BLOCK_ID}" type="application/json">`)).toBe(true);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = block.slice(block.indexOf(">") + 1, block.lastIndexOf("</script>"));
    expect(parseDocumentSession(json)).toEqual({
      address: ALICE,
      name: "</script><script>alert(1)</script>",
    });
  });

  it("is read back only when it has the expected shape", () => {
    expect(parseDocumentSession(`{"address":"${ALICE}","name":null}`)).toEqual({
      address: ALICE,
      name: null,
    });
    for (const bad of [
      null,
      "",
      "{",
      "[]",
      '{"address":"0x12","name":null}',
      `{"address":"${ALICE}","name":5}`,
    ])
      expect(parseDocumentSession(bad)).toBeNull();
  });
});

describe("a shell with a session block", () => {
  const NONCE = "CXGOGoqImfNFrqpMazslDQ==";
  const OTHER = "9u8//CpWddxiOtTaQFlWZg==";
  const captured = {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `script-src 'nonce-${NONCE}' 'strict-dynamic'`,
    },
    body: Buffer.from(
      `<html><head><script nonce="${NONCE}">1</script></head><body class="x">é<p>page</p><script nonce="${NONCE}">2</script></body></html>`,
    ),
  };

  it("gets the block right after the body's start tag, and a fresh nonce everywhere", () => {
    const doc = toCachedDocument(captured, 0);
    if (!doc) throw new Error("not cached");
    expect(doc.bodyAt).toBe(afterBodyTag(captured.body));
    const block = sessionBlock({ address: ALICE, name: null });
    const out = withNonce(doc, OTHER, block).body.toString("utf8");
    expect(out).toBe(
      captured.body
        .toString("utf8")
        .replaceAll(NONCE, OTHER)
        .replace('<body class="x">', `<body class="x">${block}`),
    );
  });

  it("is not kept when the cache's check refuses it", () => {
    const cache = new DocumentCache();
    expect(cache.capture("k", () => false)(captured)).toBeNull();
    expect(cache.fresh("k")).toBeUndefined();
    expect(cache.capture("k", (d) => d.bodyAt > 0)(captured)?.nonce).toBe(NONCE);
  });
});

describe("the signed-in shell mark", () => {
  it("is accepted only as the entry makes it", () => {
    expect(isSignedInShellMark(signedInShellMark())).toBe(true);
    for (const forged of [null, "", "signed-in-shell", "signed-in-shell x", `${signedInShellMark()}x`])
      expect(isSignedInShellMark(forged)).toBe(false);
  });
});

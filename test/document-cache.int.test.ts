import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { DocumentCache } from "@/server/document-cache";
import { createHttpEntry } from "../scripts/lib/http-entry";

/**
 * The HTTP entry's shared renders (src/server/document-cache.ts) on a loopback port, in front of a
 * stand-in for Next that renders a page with a fresh nonce per render (as src/proxy.ts + Next do).
 */
const servers: http.Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

type Seen = { url: string; acceptEncoding: string | undefined };

async function boot(opts: { setCookie?: boolean; delayMs?: number } = {}) {
  const seen: Seen[] = [];
  let n = 0;
  const server = createHttpEntry(
    async (req, res) => {
      seen.push({ url: req.url ?? "", acceptEncoding: req.headers["accept-encoding"] as string | undefined });
      const nonce = Buffer.from(`render-number-${String(++n).padStart(2, "0")}`).toString("base64");
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-security-policy", `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
      res.setHeader("x-frame-options", "DENY");
      if (opts.setCookie) res.setHeader("set-cookie", "a=b");
      res.write(`<html><head><script nonce="${nonce}">1</script></head>`);
      res.end(`<body>${req.url} ${"é".repeat(3)}<script nonce="${nonce}">2</script></body></html>`);
    },
    0,
    { documentCache: new DocumentCache(60_000), sessionCookie: "aurum_session" },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { "accept-encoding": "identity", ...headers } });
  const body = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  return { res, body, nonce };
}

describe("HTTP entry: shared anonymous renders with a fresh nonce per answer", () => {
  it("renders once, then answers with the same page and a new nonce each time", async () => {
    const { base, seen } = await boot();
    const first = await get(`${base}/?utm_source=mail`, { "accept-encoding": "gzip" });
    const second = await get(`${base}/?utm_source=x`);
    const third = await get(`${base}/`);
    // The render that is shared carries no visitor's campaign parameters.
    expect(seen.map((s) => s.url)).toEqual(["/"]);
    // The render that is shared was asked for without compression (the nonce is patched in the bytes).
    expect(seen[0]?.acceptEncoding).toBeUndefined();
    const nonces = [first.nonce, second.nonce, third.nonce];
    expect(new Set(nonces).size).toBe(3);
    for (const { body, nonce, res } of [second, third]) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(body).toBe(first.body.replaceAll(first.nonce, nonce));
      expect(body.split(`nonce="${nonce}"`)).toHaveLength(3);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    }
  });

  it("gzips a shared answer for a browser that takes it", async () => {
    const { base } = await boot();
    const plain = await get(`${base}/connect`);
    const res = await fetch(`${base}/connect`, { headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
    // fetch() decodes it; the page is the render with another nonce.
    const body = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(nonce).not.toBe(plain.nonce);
    expect(body).toBe(plain.body.replaceAll(plain.nonce, nonce));
  });

  it("gzips the first render for the visitor who asked for it, and shares it uncompressed", async () => {
    const { base, seen } = await boot();
    const first = await get(`${base}/connect`, { "accept-encoding": "gzip" });
    expect(seen[0]?.acceptEncoding).toBeUndefined();
    expect(first.res.headers.get("content-encoding")).toBe("gzip");
    expect(first.res.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(first.res.headers.get("content-length")).toBeNull();
    // fetch() decodes it: the whole page; the shared copy is the same page with another nonce.
    expect(first.body).toMatch(/^<html>.*<\/html>$/);
    const next = await get(`${base}/connect`);
    expect(next.res.headers.get("content-encoding")).toBeNull();
    expect(next.body).toBe(first.body.replaceAll(first.nonce, next.nonce));
  });

  it("sends a first render as it is when Next sent its headers before the body", async () => {
    const server = createHttpEntry(
      (_req, res) => {
        res.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "script-src 'nonce-cmVuZGVyLW51bWJlci0wMQ==' 'strict-dynamic'",
        });
        res.end('<html><script nonce="cmVuZGVyLW51bWJlci0wMQ==">1</script></html>');
      },
      0,
      { documentCache: new DocumentCache(60_000), sessionCookie: "aurum_session" },
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const first = await get(`${base}/`, { "accept-encoding": "gzip" });
    expect(first.res.headers.get("content-encoding")).toBeNull();
    expect(first.body).toContain("<script nonce=");
  });

  it("renders every request of a signed-in visitor, another page or another /connect target", async () => {
    const { base, seen } = await boot();
    await get(`${base}/`, { cookie: "aurum_session=x" });
    await get(`${base}/`, { cookie: "aurum_session=x" });
    await get(`${base}/swap`);
    await get(`${base}/swap`);
    await get(`${base}/connect?next=%2Fswap`);
    const other = await get(`${base}/connect?next=%2Fstake`);
    expect(seen.map((s) => s.url)).toEqual([
      "/",
      "/",
      "/swap",
      "/swap",
      "/connect?next=%2Fswap",
      "/connect?next=%2Fstake",
    ]);
    expect(other.body).toContain("/connect?next=%2Fstake");
  });

  it("never shares a response that sets a cookie", async () => {
    const { base, seen } = await boot({ setCookie: true });
    await get(`${base}/`);
    await get(`${base}/`);
    expect(seen).toHaveLength(2);
  });

  it("has concurrent first visitors wait for one render", async () => {
    const { base, seen } = await boot({ delayMs: 100 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(`${base}/`)));
    expect(seen).toHaveLength(1);
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(8);
    for (const a of answers) expect(a.res.status).toBe(200);
  });
});

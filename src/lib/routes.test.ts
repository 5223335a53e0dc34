import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config as proxyConfig } from "@/proxy";
import {
  CRAWL_ALLOW,
  CRAWL_DISALLOW,
  connectUrlFor,
  isActive,
  isProtectedPath,
  KNOWN_TOP_SEGMENTS,
  NAV_ROUTES,
  PROTECTED_ROUTES,
  ROUTES,
} from "./routes";

describe("route registry", () => {
  it("links every product page once, Home first", () => {
    const hrefs = NAV_ROUTES.map((r) => r.path);
    expect(hrefs[0]).toBe("/");
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect([...hrefs].sort()).toEqual(
      [
        "/",
        "/airdrop",
        "/faq",
        "/friends",
        "/news",
        "/rewards",
        "/stake",
        "/support",
        "/swap",
        "/task",
        "/testnet",
        "/wallet",
      ].sort(),
    );
  });

  it("protects exactly the signed-in pages (DESIGN: Routes) and nothing public", () => {
    expect([...PROTECTED_ROUTES].sort()).toEqual(
      [
        "/faq",
        "/news",
        "/swap",
        "/task",
        "/stake",
        "/wallet",
        "/airdrop",
        "/friends",
        "/rewards",
        "/support",
        "/testnet",
      ].sort(),
    );
    expect(PROTECTED_ROUTES).not.toContain("/");
    expect(PROTECTED_ROUTES).not.toContain("/connect");
  });

  it("the proxy runs on every page (CSP nonce, protection from this registry) and never on the API or build assets", () => {
    expect(proxyConfig.matcher).toHaveLength(1);
    const runsOn = new RegExp(`^${proxyConfig.matcher[0]}$`);
    for (const p of ["/", "/connect", ...PROTECTED_ROUTES, "/news/some-article", "/admin", "/ABCD2345"])
      expect(runsOn.test(p), p).toBe(true);
    for (const p of [
      "/api/version",
      "/_next/static/chunks/a.js",
      "/_next/image",
      "/favicon.ico",
      "/icon.svg",
    ])
      expect(runsOn.test(p), p).toBe(false);
  });

  it("robots: public pages allowed, signed-in pages and the API disallowed", () => {
    expect(CRAWL_ALLOW).toEqual(expect.arrayContaining(["/", "/connect", "/explorer"]));
    expect(CRAWL_DISALLOW).toEqual(expect.arrayContaining(["/api/", ...PROTECTED_ROUTES, "/admin"]));
    for (const p of CRAWL_ALLOW) expect(CRAWL_DISALLOW).not.toContain(p);
  });

  it("known first segments: every route, the API and Next internals, never the empty segment", () => {
    for (const r of Object.values(ROUTES))
      if (r.path !== "/") expect(KNOWN_TOP_SEGMENTS.has(r.path.split("/")[1] ?? "")).toBe(true);
    expect(KNOWN_TOP_SEGMENTS.has("api")).toBe(true);
    expect(KNOWN_TOP_SEGMENTS.has("_next")).toBe(true);
    expect(KNOWN_TOP_SEGMENTS.has("")).toBe(false);
    expect(KNOWN_TOP_SEGMENTS.has("ABC123")).toBe(false);
  });

  it("every folder of public/ is a known first segment: a crawler fetching a wallet icon is not a 404", () => {
    const folders = fs
      .readdirSync(path.join(import.meta.dirname, "../../public"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders).toContain("wallets");
    for (const f of folders) expect(KNOWN_TOP_SEGMENTS.has(f), f).toBe(true);
  });

  it("isProtectedPath covers sub-paths but not look-alikes", () => {
    expect(isProtectedPath("/news")).toBe(true);
    expect(isProtectedPath("/news/launch-day")).toBe(true);
    expect(isProtectedPath("/newsletter")).toBe(false);
    expect(isProtectedPath("/")).toBe(false);
    expect(isProtectedPath("/explorer/tx/0x1")).toBe(false);
  });

  it("isActive highlights the page and its sub-pages only", () => {
    expect(isActive("/news", "/news/launch")).toBe(true);
    expect(isActive("/news", "/newsletter")).toBe(false);
    expect(isActive("/", "/")).toBe(true);
    expect(isActive("/", "/swap")).toBe(false);
  });

  it("connectUrlFor keeps the path and query for after sign-in", () => {
    expect(connectUrlFor("/swap", "?from=AURUM")).toBe("/connect?next=%2Fswap%3Ffrom%3DAURUM");
  });
});

import { describe, expect, it } from "vitest";
import { isActive, NAV_ITEMS } from "./nav-items";

describe("NAV_ITEMS", () => {
  it("links every product page once", () => {
    expect(NAV_ITEMS.map((i) => i.href).sort()).toEqual(
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
});

describe("isActive", () => {
  it("matches the page and its sub-pages, not look-alikes", () => {
    expect(isActive("/news", "/news")).toBe(true);
    expect(isActive("/news", "/news/launch")).toBe(true);
    expect(isActive("/news", "/newsletter")).toBe(false);
    expect(isActive("/", "/")).toBe(true);
    expect(isActive("/", "/swap")).toBe(false);
  });
});

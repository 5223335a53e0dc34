import { describe, expect, it } from "vitest";
import { isNewBuild, isSoftNavigationClick, shouldPoll } from "./version";

const click = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
};
const anchor = (href: string, extra: Partial<{ target: string; hasDownload: boolean }> = {}) => ({
  href,
  target: "",
  hasDownload: false,
  ...extra,
});
const here = { href: "https://portal.example/testnet?x=1" };

describe("isNewBuild", () => {
  it("is true only for a different non-empty id", () => {
    expect(isNewBuild("a", "b")).toBe(true);
    expect(isNewBuild("a", "a")).toBe(false);
    expect(isNewBuild("a", "")).toBe(false);
    expect(isNewBuild("a", null)).toBe(false);
    expect(isNewBuild("a", undefined)).toBe(false);
  });
});

describe("shouldPoll", () => {
  it("does not poll while the tab is hidden", () => {
    expect(shouldPoll(true)).toBe(false);
    expect(shouldPoll(false)).toBe(true);
  });
});

describe("isSoftNavigationClick", () => {
  it("takes plain clicks on same-origin links", () => {
    expect(isSoftNavigationClick(click, anchor("https://portal.example/swap"), here)).toBe(true);
    expect(isSoftNavigationClick(click, anchor("/faq"), here)).toBe(true);
    expect(isSoftNavigationClick(click, anchor("/testnet?x=2"), here)).toBe(true);
  });

  it("leaves other origins, new tabs, downloads and modified clicks alone", () => {
    expect(isSoftNavigationClick(click, anchor("https://other.example/"), here)).toBe(false);
    expect(isSoftNavigationClick(click, anchor("/swap", { target: "_blank" }), here)).toBe(false);
    expect(isSoftNavigationClick(click, anchor("/file", { hasDownload: true }), here)).toBe(false);
    expect(isSoftNavigationClick({ ...click, metaKey: true }, anchor("/swap"), here)).toBe(false);
    expect(isSoftNavigationClick({ ...click, ctrlKey: true }, anchor("/swap"), here)).toBe(false);
    expect(isSoftNavigationClick({ ...click, button: 1 }, anchor("/swap"), here)).toBe(false);
    expect(isSoftNavigationClick({ ...click, defaultPrevented: true }, anchor("/swap"), here)).toBe(false);
  });

  it("leaves hash jumps on the same page alone", () => {
    expect(isSoftNavigationClick(click, anchor("/testnet?x=1#rpc"), here)).toBe(false);
  });

  it("accepts an explicit _self target", () => {
    expect(isSoftNavigationClick(click, anchor("/swap", { target: "_self" }), here)).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { balancesRecentlyChanged, markBalancesChanged } from "./balance-freshness";

describe("balance freshness mark", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("holds for the given window in sessionStorage", () => {
    const store = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    });
    expect(balancesRecentlyChanged(1_000)).toBe(false);
    markBalancesChanged(60_000, 1_000);
    expect(balancesRecentlyChanged(60_999)).toBe(true);
    expect(balancesRecentlyChanged(61_000)).toBe(false);
  });

  it("is a no-op without storage", () => {
    expect(() => markBalancesChanged()).not.toThrow();
    expect(balancesRecentlyChanged()).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_SLIPPAGE_BPS, maximumSold, minimumReceived, parseSlippagePercent } from "./slippage";

describe("slippage", () => {
  it("defaults to the seed's 1 %", () => expect(DEFAULT_SLIPPAGE_BPS).toBe(100));

  it.each([
    ["0.5", 50],
    ["1", 100],
    ["0.01", 1],
    ["50", 5000],
    ["12,25", 1225],
    [".1", 10],
  ])("parses %s %% as %i bps", (s, bps) => expect(parseSlippagePercent(s)).toEqual({ ok: true, bps }));

  it.each([
    ["", "Enter a slippage tolerance"],
    ["0", "Slippage must be at least 0.01 %"],
    ["0.001", "Use at most 2 decimals"],
    ["50.01", "Slippage can be at most 50 %"],
    ["-1", "Enter a number, e.g. 0.5"],
    ["abc", "Enter a number, e.g. 0.5"],
  ])("rejects %j", (s, message) => expect(parseSlippagePercent(s)).toEqual({ ok: false, message }));

  it("bounds trades in the user's favour of safety", () => {
    expect(minimumReceived(10_000n, 100)).toBe(9_900n);
    expect(minimumReceived(10_001n, 100)).toBe(9_900n); // rounded down
    expect(maximumSold(10_000n, 100)).toBe(10_100n);
    expect(maximumSold(10_001n, 100)).toBe(10_102n); // 10101.01 rounded up
  });
});

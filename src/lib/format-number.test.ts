import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import {
  BALANCE_MAX_DECIMALS,
  formatDate,
  formatDateTime,
  formatInteger,
  formatNumber,
  formatPercent,
  formatRelative,
  formatTokenAmount,
  formatTusd,
  NO_VALUE,
  resolveLocale,
} from "./format";

describe("formatNumber over the extremes", () => {
  it.each([
    [0, "0"],
    [-0, "0"],
    [0.0000001, "< 0.000001"],
    [-0.0000001, "> -0.000001"],
    [0.0012345678, "0.001235"],
    [0.5, "0.5"],
    [1.5000007071463706, "1.5"],
    [1234.5678, "1,234.57"],
    [-42.129, "-42.13"],
    [999_999.99, "999,999.99"],
    [304_170_000, "304M"],
    [1.2e12, "1.2T"],
    [1e30, "1E30"],
    [-1e30, "-1E30"],
  ])("%s → %s", (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it("says nothing it does not know", () => {
    expect(formatNumber(Number.NaN)).toBe(NO_VALUE);
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe(NO_VALUE);
    expect(formatNumber(undefined)).toBe(NO_VALUE);
    expect(formatNumber(null)).toBe(NO_VALUE);
  });

  it("follows the visitor's locale", () => {
    expect(formatNumber(1234.5, { locale: "de-DE" })).toBe("1.234,5");
    expect(formatNumber(0.0000001, { locale: "de-DE" })).toBe("< 0,000001");
  });

  it("truncates when asked, so a balance is never rounded up", () => {
    expect(formatNumber(0.99999999, { truncate: true })).toBe("0.9999");
    expect(formatNumber(1.999, { truncate: true })).toBe("1.99");
  });
});

describe("formatTokenAmount", () => {
  it("shows base units readably with the symbol", () => {
    expect(formatTokenAmount(1500000707146370623n, 18, { symbol: "WAURUM" })).toBe("1.5 WAURUM");
    expect(formatTokenAmount(0n, 18, { symbol: "AURUM" })).toBe("0 AURUM");
    expect(formatTokenAmount(1n, 18, { symbol: "AURUM" })).toBe("< 0.000001 AURUM");
    expect(formatTokenAmount(parseEther("1000000000000"), 18)).toBe("1T");
    expect(formatTokenAmount(10n ** 48n, 18)).toBe("1E30");
    expect(formatTokenAmount(-parseEther("2.5"), 18)).toBe("-2.5");
    expect(formatTokenAmount(1_234_567n, 6, { symbol: "tUSD" })).toBe("1.23 tUSD");
    expect(formatTokenAmount(undefined, 18)).toBe(NO_VALUE);
  });
  it("shows a balance with up to 3 decimals, cut, never rounded up (the seed's balance rule)", () => {
    const balance = { maxDecimals: BALANCE_MAX_DECIMALS };
    expect(formatTokenAmount(parseEther("1.9999"), 18, balance)).toBe("1.999");
    expect(formatTokenAmount(parseEther("12345.6789"), 18, balance)).toBe("12,345.678");
    expect(formatTokenAmount(1_234_567n, 6, { ...balance, symbol: "tUSD" })).toBe("1.234 tUSD");
    expect(formatTokenAmount(parseEther("100"), 18, balance)).toBe("100");
  });
});

describe("formatPercent, formatTusd, formatInteger", () => {
  it("keeps percentages readable", () => {
    expect(formatPercent(0.0512)).toBe("5.12%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(3_041_700)).toBe("> 10,000%");
    expect(formatPercent(0.000001)).toBe("< 0.01%");
    expect(formatPercent(Number.NaN)).toBe(NO_VALUE);
  });
  it("values test coins in tUSD, never dollars", () => {
    expect(formatTusd(150)).toBe("≈ 150 tUSD");
    expect(formatTusd(0.00000001)).toBe("≈ < 0.000001 tUSD");
    expect(formatTusd(Number.NaN)).toBe(NO_VALUE);
  });
  it("groups counts without compacting them", () => {
    expect(formatInteger(1_234_567)).toBe("1,234,567");
    expect(formatInteger(12345678901234567890n)).toBe("12,345,678,901,234,567,890");
    expect(formatInteger(Number.NaN)).toBe(NO_VALUE);
  });
});

describe("dates", () => {
  const at = "2026-11-24T04:12:53Z";
  it("are UTC and say so", () => {
    expect(formatDate(at)).toBe("Nov 24, 2026");
    expect(formatDate(at, "en-GB")).toBe("24 Nov 2026");
    expect(formatDateTime(at)).toBe("Nov 24, 2026, 04:12 UTC");
    expect(formatDateTime(new Date("2026-11-24T23:59:00Z"), "de-DE")).toBe("24.11.2026, 23:59 UTC");
  });
  it("refuse garbage quietly", () => {
    expect(formatDate("not a date")).toBe(NO_VALUE);
    expect(formatDateTime(Number.NaN)).toBe(NO_VALUE);
    expect(formatDate(null)).toBe(NO_VALUE);
  });
  it("say how long ago", () => {
    const now = Date.parse(at);
    expect(formatRelative(now - 3 * 60_000, now)).toBe("3 minutes ago");
    expect(formatRelative(now + 2 * 3600_000, now)).toBe("in 2 hours");
    expect(formatRelative(now, now)).toBe("now");
  });
});

describe("resolveLocale", () => {
  it("takes the visitor's preferred supported language", () => {
    expect(resolveLocale("de-DE,de;q=0.9,en;q=0.8")).toBe("de-DE");
    expect(resolveLocale("en;q=0.5, fr-CH")).toBe("fr-CH");
    expect(resolveLocale(undefined)).toBe("en-US");
    expect(resolveLocale("*")).toBe("en-US");
    expect(resolveLocale("!!bad!!, ;q=x")).toBe("en-US");
    expect(resolveLocale("x".repeat(10_000))).toBe("en-US");
  });
});

describe("what the pages ask of it", () => {
  it("shows the stake page's old offenders readably", () => {
    // "APR 304.17M %" → capped; "Staked 1.500000707146370623" → "1.5 WAURUM"; LP dust stays dust.
    expect(formatPercent(3_041_700)).toBe("> 10,000%");
    expect(formatTokenAmount(1_500_000_707_146_370_623n, 18, { symbol: "WAURUM" })).toBe("1.5 WAURUM");
    expect(formatTokenAmount(999n, 18, { symbol: "AURUM/tUSD LP" })).toBe("< 0.000001 AURUM/tUSD LP");
  });
  it("lets the live Earned counter keep 4 decimals, truncated so it never runs ahead", () => {
    expect(formatTokenAmount(142_239_999n, 6, { symbol: "tUSD", maxDecimals: 4 })).toBe("142.2399 tUSD");
    expect(formatTokenAmount(18_349n, 6, { symbol: "tUSD", maxDecimals: 4 })).toBe("0.01834 tUSD");
  });
  it("truncates compact and scientific token amounts too", () => {
    expect(formatTokenAmount(1_999_999n * 10n ** 18n, 18)).toBe("1.99M");
    expect(formatTokenAmount(-(10n ** 17n) + 1n, 18)).toBe("-0.09999");
    // One wei short of a token is not a whole token (a double would round it up to 1).
    expect(formatTokenAmount(10n ** 18n - 1n, 18)).toBe("0.9999");
    expect(formatTokenAmount(12_345_678_901_234_567_890_123n, 18)).toBe("12,345.67");
  });
  it("keeps tUSD values and percentages in the visitor's locale", () => {
    expect(formatTusd(1234.5, "de-DE")).toBe("≈ 1.234,5 tUSD");
    expect(formatPercent(0.0512, "de-DE")).toMatch(/^5,12\s%$/);
  });
});

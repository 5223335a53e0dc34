import { describe, expect, it } from "vitest";
import { messages } from "@/lib/validation-messages";
import { formatAmount, parseAmount, validateAmount } from "./amount";

describe("parseAmount", () => {
  it.each([
    ["1", 6, 1_000_000n],
    ["0.5", 18, 5n * 10n ** 17n],
    [".25", 6, 250_000n],
    ["3.", 6, 3_000_000n],
    ["0.000001", 6, 1n],
  ])("parses %s with %i decimals", (s, d, v) => expect(parseAmount(s, d)).toEqual({ ok: true, value: v }));

  it.each([
    ["", messages.required],
    ["  ", messages.required],
    ["0", "Amount must be greater than 0"],
    ["0.000", "Amount must be greater than 0"],
    ["-1", "Amount must be greater than 0"],
    ["1e5", messages.numbers],
    ["abc", messages.numbers],
    ["1.2.3", messages.numbers],
    ["0.0000001", "Use at most 6 decimals for this token"],
  ])("rejects %j", (s, message) => expect(parseAmount(s, 6)).toEqual({ ok: false, message }));

  it("checks the balance when it is known", () => {
    const t = { decimals: 6, symbol: "tUSD" };
    expect(validateAmount("2", t, 1_000_000n)).toEqual({ ok: false, message: "Insufficient tUSD balance" });
    expect(validateAmount("1", t, 1_000_000n)).toEqual({ ok: true, value: 1_000_000n });
    expect(validateAmount("2", t, undefined)).toEqual({ ok: true, value: 2_000_000n });
  });
});

describe("formatAmount", () => {
  it("groups thousands and trims trailing zeros", () => {
    expect(formatAmount(1_234_567_500_000n, 6)).toBe("1,234,567.5");
    expect(formatAmount(10n ** 18n, 18)).toBe("1");
    expect(formatAmount(0n, 18)).toBe("0");
    expect(formatAmount(1n, 18)).toBe("< 0.000001");
  });
});

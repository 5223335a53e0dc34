import { describe, expect, it } from "vitest";
import { messages } from "@/lib/validation-messages";
import { parseAmount, toReadableInput, validateAmount } from "./amount";

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

describe("toReadableInput", () => {
  it("shows a quoted amount readably without grouping, so the field still parses", () => {
    expect(toReadableInput(5_981_234_567_890_123_456n, 18)).toBe("5.981234");
    expect(toReadableInput(1_234_567_500_000n, 6)).toBe("1234567.5");
    expect(toReadableInput(10n ** 18n, 18)).toBe("1");
    expect(toReadableInput(0n, 18)).toBe("0");
    expect(toReadableInput(123_456_789n, 18)).toBe("0.000000000123456");
    expect(toReadableInput(-1_500_000n, 6)).toBe("-1.5");
  });
  it("never rounds up", () => {
    expect(toReadableInput(999_999_999_999_999_999n, 18)).toBe("0.999999");
    expect(toReadableInput(1_999_999_999n, 9)).toBe("1.999999");
  });
  it("parses back to at most the exact amount", () => {
    const exact = 5_981_234_567_890_123_456n;
    const parsed = parseAmount(toReadableInput(exact, 18), 18);
    expect(parsed.ok && parsed.value <= exact).toBe(true);
  });
});

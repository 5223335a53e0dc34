import { describe, expect, it } from "vitest";
import { NATIVE_GAS_RESERVE, spendable, toInputString } from "./amount";
import { amountProblem } from "./amount-form";

describe("amountProblem", () => {
  const token = { decimals: 6, symbol: "tUSD" };
  it("accepts a valid amount within the balance", () => {
    expect(amountProblem("1.5", { token, balance: 2_000_000n })).toBeNull();
  });
  it.each([
    ["", "This field is required"],
    ["0", "Amount must be greater than 0"],
    ["-3", "Amount must be greater than 0"],
    ["1.0000001", "Use at most 6 decimals for this token"],
    ["3", "Insufficient tUSD balance"],
  ])("rejects %j inline", (amount, message) => {
    expect(amountProblem(amount, { token, balance: 2_000_000n })).toBe(message);
  });
  it("rejects a non-text value", () => {
    expect(amountProblem(3, { token })).toBe("Invalid format");
  });
  it("checks what an exact-out trade may cost against the paying balance", () => {
    expect(amountProblem("1", { token, maxSpend: 5n, spendBalance: 4n, spendSymbol: "AURUM" })).toBe(
      "Insufficient AURUM balance",
    );
  });
  it("waits for the balance: no balance check while it is unknown", () => {
    expect(amountProblem("3", { token })).toBeNull();
  });
  it("keeps the network fee back from a native amount, as Max does: the whole balance is refused", () => {
    const aur = { decimals: 18, symbol: "AUR" };
    const balance = 10n ** 18n; // 1 AUR
    const ctx = { token: aur, balance, gasReserve: NATIVE_GAS_RESERVE };
    expect(amountProblem("1", ctx)).toBe("Insufficient AUR balance: keep about 0.01 AUR for the network fee");
    expect(amountProblem("0.995", ctx)).toBe(
      "Insufficient AUR balance: keep about 0.01 AUR for the network fee",
    );
    expect(amountProblem(toInputString(spendable(balance, NATIVE_GAS_RESERVE), 18), ctx)).toBeNull();
    expect(amountProblem("1.5", ctx)).toBe("Insufficient AUR balance");
    // A token keeps nothing back: all of it may go.
    expect(amountProblem("1", { token: aur, balance, gasReserve: 0n })).toBeNull();
  });
  it("keeps the fee back from what an exact-out trade paid in the native coin may cost", () => {
    const ctx = { token, spendBalance: 10n ** 18n, spendSymbol: "AUR", gasReserve: NATIVE_GAS_RESERVE };
    expect(amountProblem("1", { ...ctx, maxSpend: 10n ** 18n - 1n })).toBe(
      "Insufficient AUR balance: keep about 0.01 AUR for the network fee",
    );
    expect(amountProblem("1", { ...ctx, maxSpend: 99n * 10n ** 16n })).toBeNull();
  });
});

describe("spendable", () => {
  it("is the balance less the reserve, never below zero", () => {
    expect(spendable(100n)).toBe(100n);
    expect(spendable(100n, 30n)).toBe(70n);
    expect(spendable(20n, 30n)).toBe(0n);
  });
});

import { describe, expect, it } from "vitest";
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
});

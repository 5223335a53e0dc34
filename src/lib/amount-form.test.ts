import { describe, expect, it } from "vitest";
import { amountResolver } from "./amount-form";

const run = (amount: string, context: Parameters<typeof amountResolver>[1]) =>
  amountResolver({ amount }, context, { fields: {}, shouldUseNativeValidation: false });

describe("amountResolver", () => {
  const token = { decimals: 6, symbol: "tUSD" };
  it("accepts a valid amount within the balance", async () => {
    expect(await run("1.5", { token, balance: 2_000_000n })).toEqual({
      values: { amount: "1.5" },
      errors: {},
    });
  });
  it.each([
    ["", "This field is required"],
    ["0", "Amount must be greater than 0"],
    ["-3", "Amount must be greater than 0"],
    ["1.0000001", "Use at most 6 decimals for this token"],
    ["3", "Insufficient tUSD balance"],
  ])("rejects %j inline", async (amount, message) => {
    const r = await run(amount, { token, balance: 2_000_000n });
    expect(r.errors.amount?.message).toBe(message);
  });
  it("checks what an exact-out trade may cost against the paying balance", async () => {
    const r = await run("1", { token, maxSpend: 5n, spendBalance: 4n, spendSymbol: "AURUM" });
    expect(r.errors.amount?.message).toBe("Insufficient AURUM balance");
  });
});

describe("amountsResolver", () => {
  it("reports each field's own problem", async () => {
    const { amountsResolver } = await import("./amount-form");
    const r = await amountsResolver(() => ({
      a: { token: { decimals: 18, symbol: "AURUM" }, balance: 10n ** 18n },
      b: { token: { decimals: 6, symbol: "tUSD" }, balance: 0n },
    }))({ a: "0.5", b: "1" }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(r.errors.a).toBeUndefined();
    expect(r.errors.b?.message).toBe("Insufficient tUSD balance");
  });
});

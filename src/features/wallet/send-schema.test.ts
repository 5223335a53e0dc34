import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { nativeGasReserve, parseAmountInput, type SendContext, sendErrors } from "./send-schema";

const to = "0x70997970c51812dc3a010c7d01b93b5d7eb5f5c6";
const native: SendContext = {
  symbol: "AURUM",
  decimals: 18,
  isNative: true,
  balance: parseEther("1"),
  gasReserve: parseEther("0.001"),
};
const tusd: SendContext = {
  symbol: "tUSD",
  decimals: 6,
  isNative: false,
  balance: 5_000_000n,
  gasReserve: 0n,
};

const errors = (ctx: SendContext, amount: string, receiver: string) => sendErrors({ amount, receiver }, ctx);

describe("send form validation", () => {
  it("missing amount or receiver → the seed's sentence", () => {
    expect(errors(tusd, "", to)).toEqual({ amount: "An amount and receiver address are required" });
    expect(errors(tusd, "1", " ")).toEqual({ receiver: "An amount and receiver address are required" });
    expect(errors(tusd, "", "")).toEqual({ amount: "An amount and receiver address are required" });
  });

  it('a bad address or checksum → Address "…" is invalid.', () => {
    expect(errors(tusd, "1", "0x1234")).toEqual({ receiver: 'Address "0x1234" is invalid.' });
    const badChecksum = "0x70997970C51812dC3A010c7D01B93B5D7Eb5F5c6";
    expect(errors(tusd, "1", badChecksum)).toEqual({
      receiver: `Address "${badChecksum}" is invalid. The capitalisation doesn't match — check the address.`,
    });
    expect(errors(tusd, "1", "0x70997970C51812dC3A010c7D01B93B5D7Eb5F5C6")).toEqual({});
  });

  it("lets the zero address through validation (the review warns about burning)", () => {
    expect(errors(tusd, "1", "0x0000000000000000000000000000000000000000")).toEqual({});
  });

  it("refuses more than the balance, keeping gas for native sends", () => {
    expect(errors(tusd, "5", to)).toEqual({});
    expect(errors(tusd, "5.000001", to)).toEqual({ amount: "Amount exceeds your tUSD balance" });
    expect(errors(native, "0.999", to)).toEqual({});
    expect(errors(native, "0.9995", to).amount).toMatch(
      /^Amount exceeds your AURUM balance after the network fee \(keep about 0\.001 AURUM/,
    );
    expect(errors({ ...tusd, balance: undefined }, "999", to)).toEqual({});
  });

  it("checks the number itself", () => {
    expect(errors(tusd, "abc", to)).toEqual({ amount: "This field can only contain numbers" });
    expect(errors(tusd, "0", to)).toEqual({ amount: "Enter an amount greater than 0" });
    expect(errors(tusd, "1.1234567", to)).toEqual({ amount: "tUSD has at most 6 decimal places" });
    expect(errors({ ...tusd, from: to }, "1", to.toUpperCase().replace("0X", "0x"))).toEqual({
      receiver: "This is your own address; enter the receiver's address",
    });
  });

  it("parses amounts into base units", () => {
    expect(parseAmountInput(".5", "tUSD", 6)).toEqual({ value: 500_000n });
    expect(parseAmountInput("2.", "tUSD", 6)).toEqual({ value: 2_000_000n });
    expect(parseAmountInput("-1", "tUSD", 6)).toEqual({ error: "This field can only contain numbers" });
    expect(parseAmountInput("1e3", "tUSD", 6)).toEqual({ error: "This field can only contain numbers" });
  });

  it("reserves gas at twice the current fee", () => {
    expect(nativeGasReserve(10n)).toBe(420_000n);
    expect(nativeGasReserve(undefined)).toBe(21_000n * 2_000_000_000n * 2n);
  });
});

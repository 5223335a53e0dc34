import { describe, expect, it } from "vitest";
import { isValidAddress } from "@/lib/address-checks";
import { toTokenBalances } from "./balances";

describe("toTokenBalances", () => {
  const tokens = [
    {
      name: "Aurum",
      symbol: "AURUM",
      decimals: 18,
      isNative: true,
      caip: "ignored",
      priceKey: "native",
      iconUrl: "i",
    },
    {
      name: "Test USD",
      symbol: "tUSD",
      decimals: 6,
      isNative: false,
      caip: "eip155:99199:0xT",
      priceKey: "0xt",
      iconUrl: "j",
    },
  ];
  it("builds the seed's fields; native has no address", () => {
    const out = toTokenBalances(
      99199,
      tokens,
      [2n * 10n ** 18n, 3_500_000n],
      new Map([
        ["native", 2],
        ["0xt", 1],
      ]),
    );
    expect(out).toEqual([
      {
        name: "Aurum",
        symbol: "AURUM",
        chainId: "eip155:99199",
        value: 4,
        price: 2,
        quantity: { decimals: "18", numeric: "2000000000000000000" },
        iconUrl: "i",
      },
      {
        name: "Test USD",
        symbol: "tUSD",
        chainId: "eip155:99199",
        address: "eip155:99199:0xT",
        value: 3.5,
        price: 1,
        quantity: { decimals: "6", numeric: "3500000" },
        iconUrl: "j",
      },
    ]);
  });
  it("an unpriced token is worth 0", () => {
    expect(toTokenBalances(1, tokens.slice(1), [5n], new Map())[0]).toMatchObject({ price: 0, value: 0 });
  });
});

describe("isValidAddress", () => {
  it("follows the seed: 40 hex, checksum only when mixed-case", () => {
    expect(isValidAddress("0x70997970c51812dc3a010c7d01b93b5d7eb5f5c6")).toBe(true);
    expect(isValidAddress("0x70997970C51812dC3A010c7D01B93B5D7Eb5F5C6")).toBe(true);
    expect(isValidAddress("0x70997970C51812DC3A010C7D01B93B5D7EB5F5C6")).toBe(true);
    expect(isValidAddress("0x70997970C51812dC3A010c7D01B93B5D7Eb5F5c6")).toBe(false);
    expect(isValidAddress("70997970c51812dc3a010c7d01b93b5d7eb5f5c6")).toBe(false);
    expect(isValidAddress("0x1234")).toBe(false);
    expect(isValidAddress("0xzz997970c51812dc3a010c7d01b93b5d7eb5f5c6")).toBe(false);
  });
});

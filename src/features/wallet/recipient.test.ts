import { getAddress, zeroAddress } from "viem";
import { describe, expect, it } from "vitest";
import { CHECKSUM_TYPO, networkFee, receiverAddressError, recipientRisk, riskText } from "./recipient";

const good = getAddress("0x5fbdb2315678afecb367f032d93f642f64180aa3");
/** `good` with the case of one letter flipped: same address, broken EIP-55 checksum. */
const typo = good.replace("F", "f");

describe("receiverAddressError", () => {
  it("accepts checksummed, all-lower and all-upper addresses", () => {
    expect(receiverAddressError(good)).toBeNull();
    expect(receiverAddressError(good.toLowerCase())).toBeNull();
    expect(receiverAddressError(`0x${good.slice(2).toUpperCase()}`)).toBeNull();
    expect(receiverAddressError(zeroAddress)).toBeNull();
  });

  it("gives the seed's message for something that is not an address", () => {
    expect(receiverAddressError("0x1234")).toBe('Address "0x1234" is invalid.');
    expect(receiverAddressError(`${good}00`)).toBe(`Address "${good}00" is invalid.`);
    expect(receiverAddressError("alice.aurum")).toBe('Address "alice.aurum" is invalid.');
    expect(receiverAddressError("0xZZbdb2315678afecb367f032d93f642f64180aa3")).not.toContain(CHECKSUM_TYPO);
  });

  it("adds the capitalisation hint to a checksum typo", () => {
    expect(typo).not.toBe(good);
    expect(receiverAddressError(typo)).toBe(
      `Address "${typo}" is invalid. The capitalisation doesn't match — check the address.`,
    );
  });
});

describe("recipientRisk", () => {
  const known = [{ address: good.toLowerCase(), label: "AMM router" }];
  const person = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");

  it("flags the zero and dead addresses as burns, whatever their code", () => {
    expect(recipientRisk(zeroAddress, known, false)).toEqual({ kind: "burn" });
    expect(recipientRisk("0x000000000000000000000000000000000000dEaD", [], undefined)).toEqual({
      kind: "burn",
    });
  });

  it("names our own contracts, case-insensitively, before the chain answers", () => {
    expect(recipientRisk(good, known, undefined)).toEqual({ kind: "contract", label: "AMM router" });
  });

  it("flags any other address with code, and nothing for a person's account", () => {
    expect(recipientRisk(person, known, true)).toEqual({ kind: "contract", label: null });
    expect(recipientRisk(person, known, false)).toBeNull();
    expect(recipientRisk(person, known, undefined)).toBeNull();
  });

  it("says what will happen and what to acknowledge", () => {
    expect(riskText({ kind: "burn" }, "tUSD")).toMatchObject({
      title: "This is a burn address",
      ack: "I understand this tUSD will be burned",
    });
    expect(riskText({ kind: "contract", label: "AMM router" }, "AURUM").body).toContain("the AMM router");
    expect(riskText({ kind: "contract", label: null }, "AURUM").ack).toContain("a smart contract");
  });
});

it("networkFee is gas × price", () => {
  expect(networkFee(21_000n, 2_000_000_000n)).toBe(42_000_000_000_000n);
});

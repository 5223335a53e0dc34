import { describe, expect, it } from "vitest";
import { readRegistrationMessage, registrationMessage } from "./message";

const terms = {
  host: "portal.example.org",
  name: "alice.aurum",
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const,
  zone: "aurum",
  coinType: 2147582847,
  timestamp: 1764000000,
  nonce: "ab".repeat(32),
};

describe("registration message", () => {
  it("names the name, address, zone, coin type, timestamp in seconds and nonce", () => {
    const text = registrationMessage(terms);
    expect(text).toContain("Name: alice.aurum");
    expect(text).toContain("Address: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(text).toContain("Zone: aurum");
    expect(text).toContain("Coin type: 2147582847");
    expect(text).toContain("Timestamp: 1764000000");
    expect(text).toContain(`Nonce: ${"ab".repeat(32)}`);
    expect(text.startsWith("portal.example.org asks you to register the name alice.aurum")).toBe(true);
  });

  it("reads its own fields back", () => {
    expect(readRegistrationMessage(registrationMessage(terms))).toEqual({
      name: "alice.aurum",
      label: "alice",
      address: terms.address,
      coinType: terms.coinType,
      timestamp: terms.timestamp,
      nonce: terms.nonce,
    });
  });

  it("refuses text that is not one of its messages", () => {
    expect(readRegistrationMessage("hello")).toBeNull();
    expect(readRegistrationMessage(registrationMessage({ ...terms, nonce: "xyz" }))).toBeNull();
    expect(
      readRegistrationMessage(registrationMessage(terms).replace("Timestamp: 1764000000", "Timestamp: soon")),
    ).toBeNull();
    expect(readRegistrationMessage(registrationMessage(terms).replace(terms.address, "0x1234"))).toBeNull();
  });
});

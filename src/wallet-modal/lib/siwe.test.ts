import { ParsedMessage } from "@spruceid/siwe-parser";
import { parseSiweMessage, validateSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { buildSiweMessage, SIWE_VALIDITY_MS } from "./siwe";

const address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

describe("buildSiweMessage", () => {
  const now = new Date("2026-01-02T03:04:05.000Z");
  const text = buildSiweMessage({
    address,
    chainId: 99199,
    nonce: "abcdef1234567890",
    productName: "Aurum",
    host: "localhost:3100",
    origin: "http://localhost:3100",
    now,
  });

  it("is an EIP-4361 message for this site, chain and nonce", () => {
    const m = parseSiweMessage(text);
    expect(m.domain).toBe("localhost:3100");
    expect(m.uri).toBe("http://localhost:3100");
    expect(m.address).toBe(address);
    expect(m.chainId).toBe(99199);
    expect(m.version).toBe("1");
    expect(m.nonce).toBe("abcdef1234567890");
    expect(m.statement).toContain("Sign in to Aurum.");
    expect(m.statement).toContain("will not trigger a blockchain transaction or cost any fees");
  });

  it("expires 10 minutes after it was issued", () => {
    const m = parseSiweMessage(text);
    expect(m.issuedAt?.toISOString()).toBe(now.toISOString());
    expect(m.expirationTime!.getTime() - now.getTime()).toBe(SIWE_VALIDITY_MS);
    const message = m as Parameters<typeof validateSiweMessage>[0]["message"];
    expect(validateSiweMessage({ message, domain: "localhost:3100", time: now })).toBe(true);
    expect(
      validateSiweMessage({
        message,
        domain: "localhost:3100",
        time: new Date(now.getTime() + SIWE_VALIDITY_MS + 1),
      }),
    ).toBe(false);
  });
});

describe("the statement with any product name", () => {
  it.each(["Aurum", 'Aurum™ "Beta"', "Café <Testnet>", "%%%"])(
    "stays a valid EIP-4361 message for %j",
    (productName) => {
      const text = buildSiweMessage({
        address,
        chainId: 99199,
        nonce: "abcdef1234567890",
        productName,
        host: "localhost:3100",
        origin: "http://localhost:3100",
      });
      expect(() => new ParsedMessage(text)).not.toThrow();
    },
  );
});

import { describe, expect, it } from "vitest";
import { explorerNotFoundMessage, searchTarget } from "./input";

const hash = `0x${"ab".repeat(32)}`;

describe("explorer input", () => {
  it("routes a search to a transaction, an address or a block", () => {
    expect(searchTarget(` ${hash.toUpperCase().replace("0X", "0x")} `)).toBe(`/explorer/tx/${hash}`);
    expect(searchTarget("0x70997970c51812dc3a010c7d01b93b5d7eb5f5c6")).toBe(
      "/explorer/address/0x70997970c51812dc3a010c7d01b93b5d7eb5f5c6",
    );
    expect(searchTarget("0042")).toBe("/explorer/block/42");
    expect(searchTarget("hello")).toBeNull();
    expect(searchTarget("0x70997970C51812dC3A010c7D01B93B5D7Eb5F5c6")).toBeNull();
  });

  it("explains each kind of bad or unknown path", () => {
    expect(explorerNotFoundMessage("/explorer/tx/0x12")).toBe(
      '"0x12" is not a transaction hash (0x followed by 64 hex characters).',
    );
    expect(explorerNotFoundMessage(`/explorer/tx/${hash}`)).toBe(
      `Transaction ${hash} was not found on this testnet.`,
    );
    expect(explorerNotFoundMessage("/explorer/address/0xnope")).toBe('Address "0xnope" is invalid.');
    expect(explorerNotFoundMessage("/explorer/block/abc")).toBe(
      '"abc" is not a block number (a whole number such as 42).',
    );
    expect(explorerNotFoundMessage("/explorer/block/999999")).toBe(
      "Block 999999 does not exist on this testnet yet.",
    );
    expect(explorerNotFoundMessage("/explorer/whatever")).toBe("Page not found: /explorer/whatever");
  });

  it("shows a segment that is not valid percent-encoding as it is, rather than failing", () => {
    expect(explorerNotFoundMessage("/explorer/address/%zz")).toBe('Address "%zz" is invalid.');
  });
});

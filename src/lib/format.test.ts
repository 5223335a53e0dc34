import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { shortenAddress } from "./address";
import { formatBalance } from "./amount";

describe("shortenAddress", () => {
  it("keeps 0x + 4 and the last 4 characters", () => {
    expect(shortenAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")).toBe("0x3C44…93BC");
  });
  it("leaves anything that is not an address untouched", () => {
    expect(shortenAddress("alice.aurum")).toBe("alice.aurum");
    expect(shortenAddress("0x1234")).toBe("0x1234");
  });
});

describe("formatBalance", () => {
  it("shows exactly 3 decimals", () => {
    expect(formatBalance(parseEther("1"), 18)).toBe("1.000");
    expect(formatBalance(parseEther("0.5"), 18)).toBe("0.500");
    expect(formatBalance(0n, 18)).toBe("0.000");
  });
  it("truncates instead of rounding up", () => {
    expect(formatBalance(parseEther("1.9999"), 18)).toBe("1.999");
    expect(formatBalance(1n, 18)).toBe("0.000");
  });
  it("groups thousands", () => {
    expect(formatBalance(parseEther("1000000"), 18)).toBe("1,000,000.000");
    expect(formatBalance(parseEther("12345.6789"), 18)).toBe("12,345.678");
  });
  it("handles other decimals and negatives", () => {
    expect(formatBalance(1_234_567n, 6)).toBe("1.234");
    expect(formatBalance(-parseEther("2.5"), 18)).toBe("-2.500");
  });
});

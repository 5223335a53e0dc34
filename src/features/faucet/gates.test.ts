import { describe, expect, it } from "vitest";
import { formatWait, isContractCode, scaledDrip, secondsUntilUtcMidnight } from "./gates";

describe("scaledDrip", () => {
  it("pays the full drip above the threshold and scales linearly below it", () => {
    expect(scaledDrip(100n, 100_000n, 1000)).toBe(100n);
    expect(scaledDrip(100n, 1_000_000n, 1000)).toBe(100n);
    expect(scaledDrip(100n, 50_000n, 1000)).toBe(50n);
    expect(scaledDrip(100n, 25_000n, 1000)).toBe(25n);
    expect(scaledDrip(100n, 1n, 1000)).toBe(0n);
    expect(scaledDrip(100n, 0n, 1000)).toBe(0n);
    expect(scaledDrip(100n, -5n, 1000)).toBe(0n);
  });
  it("leaves the drip alone when scaling is off or the drip is zero", () => {
    expect(scaledDrip(100n, 1n, 0)).toBe(100n);
    expect(scaledDrip(0n, 1n, 1000)).toBe(0n);
  });
});

describe("secondsUntilUtcMidnight", () => {
  it("counts to the next UTC day", () => {
    expect(secondsUntilUtcMidnight(new Date("2026-01-01T23:59:00Z"))).toBe(60);
    expect(secondsUntilUtcMidnight(new Date("2026-01-01T00:00:00Z"))).toBe(86_400);
    expect(secondsUntilUtcMidnight(new Date("2026-01-01T23:59:59.900Z"))).toBe(1);
  });
});

describe("isContractCode", () => {
  it("treats empty code and EIP-7702 delegations as accounts", () => {
    expect(isContractCode("0x")).toBe(false);
    expect(isContractCode(undefined)).toBe(false);
    expect(isContractCode(`0xef0100${"ab".repeat(20)}`)).toBe(false);
    expect(isContractCode("0x6080604052")).toBe(true);
    expect(isContractCode(`0xef0100${"ab".repeat(20)}00`)).toBe(true);
  });
});

describe("formatWait", () => {
  it("words a wait", () => {
    expect(formatWait(45)).toBe("45 s");
    expect(formatWait(600)).toBe("10 min");
    expect(formatWait(3600)).toBe("1 h");
    expect(formatWait(3600 * 3 + 20 * 60)).toBe("3 h 20 min");
    expect(formatWait(0)).toBe("1 s");
  });
});

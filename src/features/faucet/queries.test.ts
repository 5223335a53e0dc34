import { describe, expect, it } from "vitest";
import { faucetKeys, isBalanceQuery, isFinalClaim } from "./queries";

describe("faucet queries", () => {
  it("recognises balance queries to refresh after a payout", () => {
    expect(isBalanceQuery({ queryKey: ["balance", { address: "0x1", chainId: 99199 }] })).toBe(true);
    expect(isBalanceQuery({ queryKey: ["tokens", "balances", 99199, "0x1", "native"] })).toBe(true);
    expect(isBalanceQuery({ queryKey: faucetKeys.status() })).toBe(false);
    expect(isBalanceQuery({ queryKey: [{ entity: "x" }] })).toBe(false);
  });
  it("stops polling at a final status", () => {
    expect(isFinalClaim("confirmed")).toBe(true);
    expect(isFinalClaim("failed")).toBe(true);
    expect(isFinalClaim("sent")).toBe(false);
    expect(isFinalClaim(undefined)).toBe(false);
  });
});

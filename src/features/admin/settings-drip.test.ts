import { parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { ASSET_DECIMALS } from "@/features/faucet/server";
import { settingsPatchSchema } from "./settings-schema";

// Operator console: a tUSD drip finer than tUSD's 6 decimals is accepted, then
// liveFaucetSettings' parseUnits rounds it, to 0 for 0.0000001: the faucet silently stops paying tUSD.
describe("faucet drip settings", () => {
  it("refuses a tUSD drip with more decimals than the token has", () => {
    expect(ASSET_DECIMALS.tUSD).toBe(6);
    expect(parseUnits("0.0000001", ASSET_DECIMALS.tUSD)).toBe(0n);
    expect(settingsPatchSchema.safeParse({ "faucet.drip.tUSD": "0.0000001" }).success).toBe(false);
  });
});

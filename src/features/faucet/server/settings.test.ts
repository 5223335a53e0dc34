import { parseGwei } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { faucetSettings } from "./settings";

const KEYS = ["FAUCET_FEE_BUMP_AFTER_SECONDS", "FAUCET_MAX_FEE_GWEI"] as const;
afterEach(() => {
  for (const k of KEYS) delete process.env[k];
  resetConfigForTests();
});

/** The settings as a process started with `env` reads them (the configuration is read once). */
function settingsWith(env: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, env);
  resetConfigForTests();
  return faucetSettings().feeBump;
}

describe("faucet fee bump settings", () => {
  it("defaults to a bump after 60 s and a 100 gwei fee cap", () => {
    expect(settingsWith({})).toEqual({ afterSeconds: 60, maxFeePerGas: parseGwei("100") });
  });

  it("reads FAUCET_FEE_BUMP_AFTER_SECONDS and FAUCET_MAX_FEE_GWEI (empty means unset)", () => {
    expect(settingsWith({ FAUCET_FEE_BUMP_AFTER_SECONDS: "90", FAUCET_MAX_FEE_GWEI: "2.5" })).toEqual({
      afterSeconds: 90,
      maxFeePerGas: parseGwei("2.5"),
    });
    expect(settingsWith({ FAUCET_MAX_FEE_GWEI: "" }).maxFeePerGas).toBe(parseGwei("100"));
  });

  // In the configuration's schema: a bad value stops start-up, it does not fail claims later.
  it("refuses a bad value with a message naming the variable", () => {
    expect(() => settingsWith({ FAUCET_MAX_FEE_GWEI: "lots" })).toThrow(
      /FAUCET_MAX_FEE_GWEI: a gas price in gwei/,
    );
    expect(() => settingsWith({ FAUCET_FEE_BUMP_AFTER_SECONDS: "1" })).toThrow(
      /FAUCET_FEE_BUMP_AFTER_SECONDS/,
    );
  });
});

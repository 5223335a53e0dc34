import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { faucetAddressFromEnv } from "./deploy";
import { ANVIL_KEYS } from "./lib/anvil";

describe("faucetAddressFromEnv (npm run deploy funds the faucet the server will send from)", () => {
  it("defaults to Anvil key 1, the server's default faucet key", () => {
    expect(faucetAddressFromEnv({})).toBe(privateKeyToAccount(ANVIL_KEYS[1] as `0x${string}`).address);
  });

  it("derives the address from FAUCET_PRIVATE_KEY", () => {
    const key = ANVIL_KEYS[4] as `0x${string}`;
    expect(faucetAddressFromEnv({ FAUCET_PRIVATE_KEY: key })).toBe(privateKeyToAccount(key).address);
  });

  it("refuses a malformed key with a message naming the variable", () => {
    expect(() => faucetAddressFromEnv({ FAUCET_PRIVATE_KEY: "0x1234" })).toThrow(/FAUCET_PRIVATE_KEY/);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { chainKeysFromEnv, parseConfig } from "../src/server/config";
import { faucetAddressFromEnv } from "./deploy";
import { ANVIL_KEYS } from "./lib/anvil";

/** The server's configuration with its defaults (a temporary DATA_DIR: it writes a session secret). */
const serverDefaults = () =>
  parseConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "aurum-deploy-")) });

describe("faucetAddressFromEnv (npm run deploy funds the faucet the server will send from)", () => {
  it("defaults to Anvil key 1, the server's default faucet key", () => {
    expect(faucetAddressFromEnv({})).toBe(privateKeyToAccount(ANVIL_KEYS[1] as `0x${string}`).address);
    expect(faucetAddressFromEnv({})).toBe(privateKeyToAccount(serverDefaults().faucetPrivateKey).address);
  });

  it("derives the address from FAUCET_PRIVATE_KEY (an empty value counts as unset, as for the server)", () => {
    const key = ANVIL_KEYS[4] as `0x${string}`;
    expect(faucetAddressFromEnv({ FAUCET_PRIVATE_KEY: key })).toBe(privateKeyToAccount(key).address);
    expect(faucetAddressFromEnv({ FAUCET_PRIVATE_KEY: "" })).toBe(faucetAddressFromEnv({}));
  });

  it("refuses a malformed key with a message naming the variable", () => {
    expect(() => faucetAddressFromEnv({ FAUCET_PRIVATE_KEY: "0x1234" })).toThrow(/FAUCET_PRIVATE_KEY/);
  });
});

describe("chainKeysFromEnv (the deployer's key for npm run deploy)", () => {
  it("reads the keys as the server does, without its other settings", () => {
    const env = {
      DEPLOYER_PRIVATE_KEY: ANVIL_KEYS[2],
      NODE_ENV: "production",
      TESTNET_RPC_URL: "https://rpc.example",
    };
    expect(() => parseConfig(env)).toThrow(/SESSION_SECRET/);
    expect(chainKeysFromEnv(env).deployerPrivateKey).toBe(ANVIL_KEYS[2]);
    expect(chainKeysFromEnv({}).deployerPrivateKey).toBe(serverDefaults().deployerPrivateKey);
  });

  it("refuses a malformed deployer key with a message naming the variable", () => {
    expect(() => chainKeysFromEnv({ DEPLOYER_PRIVATE_KEY: "not-a-key" })).toThrow(/DEPLOYER_PRIVATE_KEY/);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "aurum-cfg-"));

describe("parseConfig", () => {
  it("has working local defaults", () => {
    const c = parseConfig({ DATA_DIR: tmp() });
    expect(c.PORT).toBe(3000);
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.TESTNET_CHAIN_ID).toBe(99199);
    expect(c.PRODUCT_NAME).toBe("Aurum");
    expect(c.NATIVE_SYMBOL).toBe("AURUM");
    expect(c.nativeCurrencyName).toBe("Aurum");
    expect(c.isLocalChain).toBe(true);
    expect(c.explorerUrl).toBe("http://localhost:3000/explorer");
    expect(c.secureCookies).toBe(false);
  });

  it("generates a local session secret once and keeps it in DATA_DIR", () => {
    const dir = tmp();
    const a = parseConfig({ DATA_DIR: dir }).sessionSecret;
    const b = parseConfig({ DATA_DIR: dir }).sessionSecret;
    expect(a).toHaveLength(64);
    expect(b).toBe(a);
  });

  it("names the variable and what it expects when a value is bad", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT: .*\(got "eighty"\)/);
    expect(() => parseConfig({ NATIVE_SYMBOL: "aurum" })).toThrow(/NATIVE_SYMBOL: 2 to 11 upper-case/);
    expect(() => parseConfig({ ADMIN_ADDRESSES: "0x12" })).toThrow(/ADMIN_ADDRESSES/);
    expect(() => parseConfig({ DEPLOYER_PRIVATE_KEY: "nope" })).toThrow(
      /DEPLOYER_PRIVATE_KEY: .*\(got hidden\)/,
    );
  });

  it("requires SESSION_SECRET and real keys in production on a remote chain", () => {
    const remote = { NODE_ENV: "production", TESTNET_RPC_URL: "https://rpc.example.org", DATA_DIR: tmp() };
    expect(() => parseConfig(remote)).toThrow(/SESSION_SECRET: required in production/);
    expect(() => parseConfig({ ...remote, SESSION_SECRET: "x".repeat(40) })).toThrow(/FAUCET_PRIVATE_KEY/);
  });

  it("parses admin addresses and a public URL", () => {
    const c = parseConfig({
      DATA_DIR: tmp(),
      PUBLIC_URL: "https://portal.example.org/",
      ADMIN_ADDRESSES:
        "0x70997970C51812dc3A010C7d01b50e0d17dc79C8, 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    });
    expect(c.ADMIN_ADDRESSES).toHaveLength(2);
    expect(c.origin).toBe("https://portal.example.org");
    expect(c.secureCookies).toBe(true);
  });
});

describe("names configuration", () => {
  it("defaults the zone to the product name in lower case, 30 days of cooldown, no deny list", () => {
    const c = parseConfig({ DATA_DIR: tmp() });
    expect(c.namesZone).toBe("aurum");
    expect(c.NAMES_RENAME_COOLDOWN_SECONDS).toBe(30 * 24 * 3600);
    expect(c.NAMES_DENY_LIST).toEqual([]);
    expect(parseConfig({ DATA_DIR: tmp(), PRODUCT_NAME: "Gold Rush!" }).namesZone).toBe("gold-rush");
  });

  it("reads the zone, the deny list and the cooldown", () => {
    const c = parseConfig({
      DATA_DIR: tmp(),
      NAMES_ZONE: "gold",
      NAMES_DENY_LIST: " Scam , fake-admin,,",
      NAMES_RENAME_COOLDOWN_SECONDS: "60",
    });
    expect(c.namesZone).toBe("gold");
    expect(c.NAMES_DENY_LIST).toEqual(["scam", "fake-admin"]);
    expect(c.NAMES_RENAME_COOLDOWN_SECONDS).toBe(60);
  });

  it("names the variable when a names value is bad", () => {
    expect(() => parseConfig({ DATA_DIR: tmp(), NAMES_ZONE: "Gold.Zone" })).toThrow(/NAMES_ZONE/);
    expect(() => parseConfig({ DATA_DIR: tmp(), NAMES_DENY_LIST: "ok,not ok" })).toThrow(/NAMES_DENY_LIST/);
    expect(() => parseConfig({ DATA_DIR: tmp(), NAMES_RENAME_COOLDOWN_SECONDS: "-1" })).toThrow(
      /NAMES_RENAME_COOLDOWN_SECONDS/,
    );
  });

  it("reads comma-separated variables: trimmed entries, webhook url|secret pairs, names folded", () => {
    const c = parseConfig({
      WEBHOOK_URLS: "http://a.example/h|0123456789abcdef0, https://b.example/x|abcdefghijklmnopq",
      ADMIN_ADDRESSES: " 0x0000000000000000000000000000000000000001 ,",
      NAMES_DENY_LIST: "Foo,bar",
    });
    expect(c.WEBHOOK_URLS).toEqual([
      { url: "http://a.example/h", secret: "0123456789abcdef0" },
      { url: "https://b.example/x", secret: "abcdefghijklmnopq" },
    ]);
    expect(c.ADMIN_ADDRESSES).toEqual(["0x0000000000000000000000000000000000000001"]);
    expect(c.NAMES_DENY_LIST).toEqual(["foo", "bar"]);
    expect(() => parseConfig({ WEBHOOK_URLS: "http://a.example/h" })).toThrow(/WEBHOOK_URLS/);
  });
});

describe("METRICS_TOKEN", () => {
  it("is unset by default (an open /api/metrics); an empty value counts as unset", () => {
    expect(parseConfig({ DATA_DIR: tmp() }).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ DATA_DIR: tmp(), METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
  });

  it("reads a token, and refuses a short one or one with spaces without printing it", () => {
    const token = "Prom-scrape_token.0123456789";
    expect(parseConfig({ DATA_DIR: tmp(), METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token);
    for (const bad of ["short-token", "a token with spaces in it"]) {
      let message = "";
      try {
        parseConfig({ DATA_DIR: tmp(), METRICS_TOKEN: bad });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/METRICS_TOKEN: 16 to 512 printable characters without spaces \(got hidden\)/);
      expect(message).not.toContain(bad);
    }
  });
});

describe("scaled out (DATABASE_URL)", () => {
  const pg = {
    DATABASE_URL: "postgres://app:pw@db.internal/aurum",
    TESTNET_RPC_URL: "http://127.0.0.1:8545",
  };
  const keys = { DEPLOYER_PRIVATE_KEY: `0x${"1".repeat(64)}`, FAUCET_PRIVATE_KEY: `0x${"2".repeat(64)}` };
  const error = (env: Record<string, string>) => {
    try {
      parseConfig({ DATA_DIR: tmp(), ...env });
    } catch (err) {
      return (err as Error).message;
    }
    return "";
  };

  it("requires SESSION_SECRET and both keys in every process, even on a loopback RPC (a sidecar node)", () => {
    for (const WORKERS of ["on", "off", "only"]) {
      const message = error({ ...pg, WORKERS });
      expect(message).toMatch(/SESSION_SECRET: required with DATABASE_URL .*the same in every process/);
      expect(message).toMatch(/DEPLOYER_PRIVATE_KEY: required with DATABASE_URL/);
      expect(message).toMatch(/FAUCET_PRIVATE_KEY: required with DATABASE_URL/);
      expect(message).not.toContain("pw@");
    }
    expect(error({ ...pg, ...keys })).toMatch(/^Invalid configuration:\nSESSION_SECRET: required with/);
    expect(
      error({ ...pg, SESSION_SECRET: "x".repeat(40), FAUCET_PRIVATE_KEY: keys.FAUCET_PRIVATE_KEY }),
    ).toMatch(/DEPLOYER_PRIVATE_KEY: required with DATABASE_URL/);
  });

  it("starts with them, and uses the given secret and keys (nothing generated into DATA_DIR)", () => {
    const dir = tmp();
    const c = parseConfig({ ...pg, ...keys, SESSION_SECRET: "s".repeat(40), WORKERS: "off", DATA_DIR: dir });
    expect(c.sessionSecret).toBe("s".repeat(40));
    expect(c.faucetPrivateKey).toBe(keys.FAUCET_PRIVATE_KEY);
    expect(fs.existsSync(path.join(dir, "session-secret"))).toBe(false);
  });

  it("leaves one local process (PGlite) on its generated secret and the dev keys", () => {
    expect(error({ TESTNET_RPC_URL: "http://127.0.0.1:8545" })).toBe("");
    expect(error({ TESTNET_RPC_URL: "https://rpc.example.org", WORKERS: "off" })).toBe("");
  });
});

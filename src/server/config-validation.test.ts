import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

// Operator-facing runtime: values the configuration accepts or reports badly.

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "aurum-cfg-validation-"));

function outcome(env: Record<string, string>) {
  try {
    return { config: parseConfig({ DATA_DIR: tmp(), ...env }) };
  } catch (err) {
    return { error: err as Error };
  }
}

describe("PUBLIC_URL validation", () => {
  // The app is served at the root (no basePath): every link built as `${publicUrl}/…` (email
  // verification, support reply mails, Zealy messages, explorerUrl) breaks with a path/query/fragment.
  it.each([
    "https://portal.example.org/app",
    "https://portal.example.org/?utm=1",
    "https://portal.example.org#top",
  ])("refuses PUBLIC_URL=%s (only an origin works) at start-up", (value) => {
    const r = outcome({ PUBLIC_URL: value });
    expect(r.config?.explorerUrl, "explorerUrl built from it").toBeUndefined();
    expect(r.error).toBeInstanceOf(ConfigError);
    expect(r.error?.message).toMatch(/PUBLIC_URL/);
  });

  it.each(["ftp://portal.example.org", "javascript:alert(1)"])(
    "refuses the non-http(s) PUBLIC_URL=%s that its message says it requires",
    (value) => {
      const r = outcome({ PUBLIC_URL: value });
      expect(r.config?.origin, "origin derived from it").toBeUndefined();
      expect(r.error).toBeInstanceOf(ConfigError);
    },
  );

  it("refuses a non-http(s) TESTNET_RPC_URL (message: 'an http(s) JSON-RPC URL')", () => {
    const r = outcome({ TESTNET_RPC_URL: "ftp://rpc.example.org", WORKERS: "off" });
    expect(r.config?.TESTNET_RPC_URL).toBeUndefined();
    expect(r.error).toBeInstanceOf(ConfigError);
  });
});

describe("secrets in configuration errors", () => {
  // The ConfigError text goes to the terminal / process logs at start-up.
  it.each([
    ["SMTP_URL", "smtps://mailer:hunter2 pw@mail.example.org:465"],
    ["DATABASE_URL", "postgress://app:hunter2pw@db.internal/aurum"],
    ["WEBHOOK_URLS", "https://hooks.example.org/in|hunter2pw"],
  ])("does not print the password/secret of a bad %s", (key, value) => {
    const r = outcome({ [key]: value });
    expect(r.error).toBeInstanceOf(ConfigError);
    expect(r.error?.message).toMatch(new RegExp(key));
    expect(r.error?.message).not.toContain("hunter2");
  });
});

describe("required keys on a remote chain", () => {
  it("names DEPLOYER_PRIVATE_KEY when that is the key that is missing", () => {
    const r = outcome({
      NODE_ENV: "production",
      TESTNET_RPC_URL: "https://rpc.example.org",
      SESSION_SECRET: "x".repeat(40),
      FAUCET_PRIVATE_KEY: `0x${"1".repeat(64)}`,
    });
    expect(r.error).toBeInstanceOf(ConfigError);
    expect(r.error?.message).toMatch(/DEPLOYER_PRIVATE_KEY/);
  });
});

describe("empty variables (VAR= in an env file, or an unset compose substitution)", () => {
  // z.coerce.number() turns "" into 0: a rule whose default is not 0 silently becomes 0 (or PORT
  // fails with "Too small"). Either the default or a clear error is acceptable; a silent 0 is not.
  it.each([
    ["REFERRAL_QUALIFY_HOURS", 24],
    ["NAMES_RENAME_COOLDOWN_SECONDS", 30 * 24 * 3600],
    ["REFERRAL_QUALIFY_TASK_TYPES", 3],
    ["FAUCET_REDUCE_BELOW_DRIPS", 1000],
    ["REFERRAL_SHARE_PERCENT", 10],
  ] as const)("%s= is not silently 0", (key, fallback) => {
    const r = outcome({ [key]: "" });
    if (r.error) expect(r.error.message).toMatch(new RegExp(`${key}: .*empty|${key}: .*(required|expected)`));
    else expect((r.config as unknown as Record<string, unknown>)[key]).toBe(fallback);
  });
});

describe("LOG_LEVEL", () => {
  // The logger starts at the default on these (logger.ts, logLevelFrom); the configuration names them.
  it("refuses an unknown level by name, and takes an empty one as the default", () => {
    const r = outcome({ LOG_LEVEL: "verbose" });
    expect(r.error).toBeInstanceOf(ConfigError);
    expect(r.error?.message).toContain(
      'LOG_LEVEL: one of trace, debug, info, warn, error, fatal, silent (got "verbose")',
    );
    expect(outcome({ LOG_LEVEL: "" }).config?.LOG_LEVEL).toBe("info");
    expect(outcome({ LOG_LEVEL: "debug" }).config?.LOG_LEVEL).toBe("debug");
  });
});

describe("the worker's metrics and health server", () => {
  it("is off unless WORKER_METRICS_PORT is set, and listens on loopback by default", () => {
    expect(outcome({}).config?.WORKER_METRICS_PORT).toBeUndefined();
    expect(outcome({ WORKER_METRICS_PORT: "" }).config?.WORKER_METRICS_PORT).toBeUndefined();
    const c = outcome({ WORKER_METRICS_PORT: "9464" }).config;
    expect(c?.WORKER_METRICS_PORT).toBe(9464);
    expect(c?.WORKER_METRICS_HOST).toBe("127.0.0.1");
    expect(outcome({ WORKER_METRICS_HOST: "0.0.0.0" }).config?.WORKER_METRICS_HOST).toBe("0.0.0.0");
  });

  it("names a bad port or host", () => {
    expect(outcome({ WORKER_METRICS_PORT: "70000" }).error?.message).toMatch(
      /WORKER_METRICS_PORT: .*"70000"/,
    );
    expect(outcome({ WORKER_METRICS_PORT: "0" }).error?.message).toMatch(/WORKER_METRICS_PORT/);
    expect(outcome({ WORKER_METRICS_HOST: "http://x/" }).error?.message).toMatch(
      /WORKER_METRICS_HOST: an interface address/,
    );
  });
});

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-worker-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function runWorker(vars: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, WORKERS: "only", LOG_LEVEL: "info" };
  for (const key of ["DATABASE_URL", "SESSION_SECRET", "DEPLOYER_PRIVATE_KEY", "FAUCET_PRIVATE_KEY"])
    delete env[key];
  const run = spawnSync(
    process.execPath,
    ["--import", "./scripts/lib/server-only.mjs", "--import", "tsx", "scripts/worker.ts"],
    { env: { ...env, ...vars }, encoding: "utf8", timeout: 60_000 },
  );
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("npm run worker", () => {
  it("refuses to start on PGlite (no DATABASE_URL), where the web process runs the workers", () => {
    const run = runWorker({});
    expect(run.status).toBe(1);
    expect(run.output).toContain("npm run worker needs DATABASE_URL (PostgreSQL)");
    // It never opened the database there.
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
  }, 60_000);

  it("names what is missing before it connects: a shared SESSION_SECRET and the keys", () => {
    // Nothing listens there: the configuration stops it first.
    const ownDir = path.join(dataDir, "scaled");
    const run = runWorker({ DATABASE_URL: "postgres://app:pw@127.0.0.1:9/aurum", DATA_DIR: ownDir });
    expect(run.status).toBe(1);
    expect(run.output).toContain("SESSION_SECRET: required with DATABASE_URL");
    expect(run.output).toContain("FAUCET_PRIVATE_KEY: required with DATABASE_URL");
    expect(run.output).not.toContain("pw@");
    // No per-process secret was generated.
    expect(fs.existsSync(path.join(ownDir, "session-secret"))).toBe(false);
  }, 60_000);

  it("reports an unknown LOG_LEVEL by name instead of crashing in the logger", () => {
    const run = runWorker({ LOG_LEVEL: "verbose" });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'LOG_LEVEL: one of trace, debug, info, warn, error, fatal, silent (got "verbose")',
    );
    expect(run.output).not.toContain("default level");
  }, 60_000);
});

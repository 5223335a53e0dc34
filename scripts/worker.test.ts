import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-worker-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("npm run worker", () => {
  it("refuses to start on PGlite (no DATABASE_URL), where the web process runs the workers", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, WORKERS: "only", LOG_LEVEL: "info" };
    delete env.DATABASE_URL;
    const run = spawnSync(
      process.execPath,
      ["--import", "./scripts/lib/server-only.mjs", "--import", "tsx", "scripts/worker.ts"],
      { env, encoding: "utf8", timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain("npm run worker needs DATABASE_URL (PostgreSQL)");
    // It never opened the database there.
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
  }, 60_000);
});

import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm start` (scripts/start.ts) and the browser tests' server (e2e/server.ts) run under plain
// `node --import tsx`, without the `server-only` stub the worker and the benches load
// (scripts/lib/server-only.mjs). Vitest aliases `server-only` away, so only a real process shows
// that the code they run at start-up (migrate, deploy, seed) imports no feature's server entry: one
// such import (a seed reaching `@/features/points/server`) stops `npm start` before it serves.
const root = path.resolve(import.meta.dirname, "..");

describe("start-up code under plain node", () => {
  it.each(["scripts/lib/prepare.ts"])(
    "%s loads without the server-only stub",
    (file) => {
      const run = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `await import(${JSON.stringify(`./${file}`)}).catch((err) => { console.error(err.message); process.exit(3); }); process.exit(0);`,
        ],
        { cwd: root, encoding: "utf8", timeout: 60_000, env: { ...process.env, NODE_ENV: "test" } },
      );
      expect(run.stderr).not.toContain("server-only");
      expect(run.status).toBe(0);
    },
    60_000,
  );
});

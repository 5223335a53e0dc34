import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listen } from "./lib/listen";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-serve-"));
const other = net.createServer();
afterAll(async () => {
  await new Promise((r) => other.close(r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the web entry to its end (or kills it after `timeoutMs`): its status and everything it printed. */
function runServe(vars: Record<string, string>, timeoutMs: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, WORKERS: "on", LOG_LEVEL: "info" };
  for (const key of ["DATABASE_URL", "PUBLIC_URL", "NODE_ENV"]) delete env[key];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    env: { ...env, ...vars },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  return new Promise<{ status: number | null; output: string }>((resolve) =>
    child.once("exit", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    }),
  );
}

describe("the web entry (scripts/serve.ts)", () => {
  it("stops with one line and status 1 when its port is taken, before Next starts any worker", async () => {
    await listen(other, 0);
    const port = (other.address() as net.AddressInfo).port;
    const run = await runServe({ PORT: String(port) }, 60_000);
    expect(run.output).toContain(`› port ${port} is already in use: stop the other server or set PORT`);
    expect(run.status).toBe(1);
    // It used to log the EADDRINUSE stack and live on, serving nothing, with the workers running.
    expect(run.output).not.toContain("EADDRINUSE");
    expect(run.output).not.toContain("workers started");
    expect(run.output).not.toContain("ready on port");
    // The PGlite lock on DATA_DIR is released: the next start is not refused.
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    // The other server is untouched.
    expect(other.listening).toBe(true);
  }, 90_000);
});

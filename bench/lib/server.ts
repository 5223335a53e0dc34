/**
 * A production server for the benchmarks. With BENCH_URL set, that server is used as is.
 * Otherwise: a fresh Anvil and a fresh migrated PGlite DATA_DIR in a temp folder, and the production
 * HTTP entry (`node --import tsx scripts/serve.ts`, as `npm start` runs it: same process, same node
 * flags, the client address from the socket) on a free port serving the existing build in
 * `${NEXT_DIST_DIR:-.next}`, with the extra node flags of `opts.nodeArgs` and BENCH_NODE_ARGS (e.g.
 * `--cpu-prof --cpu-prof-dir=<dir>` to profile it) and the extra environment of `opts.env`.
 * `prepare: true` deploys the contracts and seeds the database first (scripts/lib/prepare.ts, as
 * e2e/server.ts does), for benches that measure pages showing pools, balances and tasks; `seed: true`
 * only seeds the operator content (news, FAQ, tasks: scripts/seed.ts) without touching the chain.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAnvil } from "../../scripts/lib/anvil";
import { prepareApp } from "../../scripts/lib/prepare";
import { seedAll } from "../../scripts/seed";
import { openDb } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { freePort } from "../../test/ports";

/** `pid`: the server process started here (its descendants are Next's own workers). */
export type BenchServer = { url: string; stop: () => Promise<void>; startedHere: boolean; pid?: number };

/** The web process exactly as scripts/start.ts spawns it in production. */
const SERVE_ARGS = ["--import", "tsx", "scripts/serve.ts"];

export const distDir = () => process.env.NEXT_DIST_DIR ?? ".next";

export async function benchServer(
  opts: { prepare?: boolean; seed?: boolean; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  const given = process.env.BENCH_URL;
  if (given) return { url: given.replace(/\/+$/, ""), stop: async () => {}, startedHere: false };

  if (!fs.existsSync(path.join(distDir(), "BUILD_ID"))) {
    throw new Error(`no production build in ${distDir()}: run \`npx next build\` first (or set BENCH_URL)`);
  }
  const [port, anvilPort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-bench-"));
  const anvil = await startAnvil({ port: anvilPort });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    TESTNET_RPC_URL: anvil.url,
    WORKERS: "off",
    LOG_LEVEL: "warn",
    // As scripts/start.sh: no telemetry off the machine.
    NEXT_TELEMETRY_DISABLED: "1",
    ...opts.env,
  };
  delete env.DATABASE_URL;
  if (opts.prepare) {
    env.DEPLOYMENTS_DIR = path.join(dataDir, "deployments");
    await prepareApp(env);
  } else {
    const db = await openDb({ dataDir: path.join(dataDir, "pglite") });
    await migrate(db);
    if (opts.seed) await seedAll(db.db);
    await db.close();
  }
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (the profile is written when the bench stops the server).
  const nodeArgs = [
    ...(opts.nodeArgs ?? []),
    ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
  ];
  const nice = process.env.BENCH_SERVER_NICE;
  if (nice && anvil.process.pid) os.setPriority(anvil.process.pid, Number(nice));
  const child: ChildProcess = spawnServer([...nodeArgs, ...SERVE_ARGS], env);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    await anvil.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/version`, 60_000, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop, startedHere: true, pid: child.pid };
}

/**
 * Node with `args`, as a server. BENCH_SERVER_NICE=19 starts it through `nice` (Next's workers
 * inherit it) so that it yields the CPU to the browser under test: a phone does not share its cores
 * with the server it loads from, and on this 2-core machine a request served mid-task lengthens the
 * page's task.
 */
export function spawnServer(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const nice = process.env.BENCH_SERVER_NICE;
  const [command, argv] = nice ? ["nice", ["-n", nice, process.execPath, ...args]] : [process.execPath, args];
  return spawn(command, argv, { env, stdio: ["ignore", "ignore", "inherit"] });
}

async function waitFor(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function writeResult(name: string, data: unknown): string {
  const dir = path.join(import.meta.dirname, "..", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

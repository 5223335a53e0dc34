/**
 * `npm start`: build what is stale, start the local chain (when the RPC is local), deploy, migrate,
 * seed and serve. Ctrl-C stops every child; Anvil dumps its state so the next start resumes.
 * A DATA_DIR whose database another process holds stops it in one line, before it builds
 * (scripts/start.sh checks once more before it installs).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { restrictDataDir } from "../src/db/client";
import { DataDirInUseError } from "../src/db/data-dir-lock";
import { parseConfig } from "../src/server/config";
import { type Anvil, startAnvil } from "./lib/anvil";
import { portUnavailable } from "./lib/listen";
import { prepareApp } from "./lib/prepare";
import { claimDataDir, sourceHash } from "./lib/start-guard";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
const cfg = parseConfig(env);
// Private before anything writes there (Anvil's state, the database, the session secret).
restrictDataDir(cfg.DATA_DIR);

const step = (what: string) => console.log(`› ${what}`);

// Before the build, which empties the build directory a running server serves from. Held through
// the build (a second start then is refused, not building alongside) and released just before
// prepareApp opens the database, which takes it again: the lock refuses a second holder in one
// process too.
const claim = claimDataDir(cfg);
if (!claim.ok) {
  console.error(`› ${claim.message}`);
  process.exit(1);
}

// Before a build of minutes that would end in scripts/serve.ts refusing the same port.
const portProblem = await portUnavailable(cfg.PORT);
if (portProblem) {
  console.error(`› ${portProblem}`);
  claim.release();
  process.exit(1);
}

const distDir = env.NEXT_DIST_DIR ?? ".next";
const stamp = path.join(distDir, "aurum-source-hash");
const hash = sourceHash(root);
if (!fs.existsSync(path.join(distDir, "BUILD_ID")) || readIfExists(stamp) !== hash) {
  step("building the app (next build)");
  // Not execFileSync: the event loop keeps running, so the lock's heartbeat goes on through a
  // build of minutes (another container judges the lock by it).
  await run(process.execPath, ["node_modules/next/dist/bin/next", "build"]);
  fs.writeFileSync(stamp, hash);
} else {
  step("app build is up to date");
}

let anvil: Anvil | undefined;
if (cfg.isLocalChain && !(await rpcAnswers(cfg.TESTNET_RPC_URL))) {
  const port = Number(new URL(cfg.TESTNET_RPC_URL).port || 8545);
  const stateFile = path.join(cfg.DATA_DIR, "anvil-state.json");
  step(`starting Anvil on ${cfg.TESTNET_RPC_URL} (state: ${stateFile})`);
  anvil = await startAnvil({ port, chainId: cfg.TESTNET_CHAIN_ID, stateFile });
}

step("deploying contracts, migrating and seeding the database");
claim.release();
try {
  await prepareApp(env);
} catch (err) {
  // Taken in the moment since the release (another start): one line, as above, not a stack.
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(`› ${err.message}`);
  await anvil?.stop();
  process.exit(1);
}

step(`serving on ${cfg.publicUrl}`);
// scripts/serve.ts, not `next start`: it gives route handlers the client's socket address.
const web: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
  stdio: "inherit",
  env,
});

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  step("stopping");
  web.kill("SIGTERM");
  await new Promise((r) => (web.exitCode === null ? web.once("exit", r) : r(null)));
  await anvil?.stop();
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
web.on("exit", (code) => void shutdown(code ?? 1));

async function rpcAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** Runs a command with this terminal; rejects unless it exits with status 0. */
function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

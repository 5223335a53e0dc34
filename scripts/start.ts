/**
 * `npm start`: build what is stale, start the local chain (when the RPC is local), deploy, migrate,
 * seed and serve. Ctrl-C stops every child; Anvil dumps its state so the next start resumes.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { restrictDataDir } from "../src/db/client";
import { parseConfig } from "../src/server/config";
import { type Anvil, startAnvil } from "./lib/anvil";
import { prepareApp } from "./lib/prepare";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
const cfg = parseConfig(env);
// Private before anything writes there (Anvil's state, the database, the session secret).
restrictDataDir(cfg.DATA_DIR);

const step = (what: string) => console.log(`› ${what}`);
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: "inherit", env });

const distDir = env.NEXT_DIST_DIR ?? ".next";
const stamp = path.join(distDir, "aurum-source-hash");
const hash = sourceHash();
if (!fs.existsSync(path.join(distDir, "BUILD_ID")) || readIfExists(stamp) !== hash) {
  step("building the app (next build)");
  run(process.execPath, ["node_modules/next/dist/bin/next", "build"]);
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
await prepareApp(env);

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

/** Hash of every tracked and untracked-but-not-ignored source file, to skip needless rebuilds. */
function sourceHash(): string {
  const h = createHash("sha256");
  let files: string[];
  try {
    files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { encoding: "utf8" })
      .split("\n")
      .filter((f) => f && !f.startsWith("deployments/") && !f.startsWith("bench/results/"));
  } catch {
    return `nogit-${Date.now()}`;
  }
  for (const f of files.sort()) {
    if (!fs.existsSync(f)) continue;
    h.update(f).update(fs.readFileSync(f));
  }
  return h.digest("hex");
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
// Inside node_modules: Node finds the bundle's runtime imports (`server-only`) from there as from
// the sources.
const outDir = path.join(root, "node_modules", ".cache", "aurum-test-children");
const built = new Map<string, Promise<string>>();

/**
 * `entry` (a test child such as test/faucet-worker-child.ts) and everything it imports, our sources
 * and node_modules, as one ES module file; start it with `spawnBundledChild`. The crash tests start
 * dozens of children: through tsx each spent ~3 s transpiling and loading its modules one by one
 * before its first line ran, bundled it starts in ~0.4 s. Built once per test process (~1.5 s).
 */
export function bundleChild(entry: string): Promise<string> {
  let file = built.get(entry);
  if (!file) {
    file = bundle(entry);
    built.set(entry, file);
  }
  return file;
}

/**
 * Starts a bundled child (`file` from `bundleChild`) in the project root: `server-only` stays an
 * import in the bundle, answered by scripts/lib/server-only.mjs as in the worker.
 */
export function spawnBundledChild(
  file: string,
  opts: { env: NodeJS.ProcessEnv; stdio: StdioOptions },
): ChildProcess {
  return spawn(process.execPath, ["--import", "./scripts/lib/server-only.mjs", file], {
    cwd: root,
    env: opts.env,
    stdio: opts.stdio,
  });
}

async function bundle(entry: string): Promise<string> {
  // Per process and thread: test files running side by side never read each other's half-written
  // bundle.
  const outfile = path.join(outDir, `${path.basename(entry, ".ts")}-${process.pid}-${threadId}.mjs`);
  removeStale();
  await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["server-only"],
    // CommonJS packages inside an ES module bundle still call require() and read __dirname (Next's
    // compiled ua-parser does at load; nothing the children run reads files relative to it).
    banner: {
      js: [
        "import { createRequire as __aurumRequire } from 'node:module';",
        "import { fileURLToPath as __aurumPath } from 'node:url';",
        "const require = __aurumRequire(import.meta.url);",
        "const __filename = __aurumPath(import.meta.url);",
        "const __dirname = __aurumPath(new URL('.', import.meta.url));",
      ].join(" "),
    },
    outfile,
    logLevel: "error",
  });
  return outfile;
}

/** 3 MB a bundle: those of test processes that have ended go (vitest's workers end without "exit"). */
function removeStale(): void {
  let names: string[];
  try {
    names = fs.readdirSync(outDir);
  } catch {
    return; // not made yet
  }
  for (const name of names) {
    const pid = Number(/-(\d+)-\d+\.mjs$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) fs.rmSync(path.join(outDir, name), { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

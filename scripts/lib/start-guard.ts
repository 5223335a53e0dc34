import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { targetFromEnv } from "../../src/db/client";
import { checkDataDir, DataDirInUseError, lockDataDir } from "../../src/db/data-dir-lock";

/**
 * What `npm start` checks before it touches anything a running server uses: `npm ci` replaces
 * node_modules and `next build` empties the build directory, so a second start on a DATA_DIR that
 * is in use must stop before those, not when it finally opens the database.
 */

type DbConfig = { DATABASE_URL?: string; DATA_DIR: string };

/**
 * Check only (scripts/check-data-dir.ts, before `npm ci`): the one-line refusal when a live process
 * holds DATA_DIR's database, else undefined. On PostgreSQL there is nothing to check.
 */
export function dataDirInUse(cfg: DbConfig): string | undefined {
  const target = targetFromEnv(cfg);
  if (!("dataDir" in target)) return undefined;
  try {
    checkDataDir(target.dataDir);
    return undefined;
  } catch (err) {
    if (err instanceof DataDirInUseError) return err.message;
    throw err;
  }
}

/**
 * Takes DATA_DIR's database lock for the build (scripts/start.ts): a second start refused there
 * cannot empty the build directory under this one's build. `release` must be called before this
 * process opens the database itself (prepareApp), since the lock refuses a second open in the
 * same process too.
 */
export function claimDataDir(
  cfg: DbConfig,
): { ok: true; release: () => void } | { ok: false; message: string } {
  const target = targetFromEnv(cfg);
  if (!("dataDir" in target)) return { ok: true, release: () => {} };
  try {
    return { ok: true, release: lockDataDir(target.dataDir) };
  } catch (err) {
    if (err instanceof DataDirInUseError) return { ok: false, message: err.message };
    throw err;
  }
}

/**
 * What `next build` is made from, for a tree without git (an unpacked release, a container image
 * built without .git): the app's sources, its static files and content, the contracts whose ABIs it
 * imports, the scripts, and the root files that configure the build and pin the dependencies.
 * Not the directories of data and output (node_modules, .next*, DATA_DIR: hundreds of megabytes).
 */
export const BUILD_INPUTS = [
  "src",
  "public",
  "content",
  "contracts",
  "scripts",
  "package.json",
  "package-lock.json",
  "next.config.ts",
  "tsconfig.json",
  "postcss.config.mjs",
];
// Written by every start from hashed inputs (contracts/, the font package's version in
// package-lock.json) and ignored by git: left out in both branches alike.
const GENERATED = new Set(["src/chain/generated", "src/app/fonts/generated"]);

/**
 * Hash of the sources of the build in `root`, to skip needless rebuilds: with git, every tracked
 * and untracked-but-not-ignored file; without it, the BUILD_INPUTS (filesHash).
 */
export function sourceHash(root: string): string {
  let files: string[];
  try {
    files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    })
      .split("\n")
      .filter((f) => f && !f.startsWith("deployments/") && !f.startsWith("bench/results/"));
  } catch {
    return filesHash(root);
  }
  const h = createHash("sha256");
  for (const f of files.sort()) {
    const file = path.join(root, f);
    if (!fs.existsSync(file)) continue;
    h.update(f).update(fs.readFileSync(file));
  }
  return h.digest("hex");
}

/**
 * Hash of the paths and contents of the BUILD_INPUTS under `root`. Contents, not mtimes and sizes:
 * these are about 4 MB in 1,400 files (well under a second to read), a fresh copy or unpacking of the
 * same release gets new mtimes and must not rebuild, and an edit that keeps size and mtime (a tool
 * restoring mtimes) must rebuild. Symbolic links are not followed.
 */
export function filesHash(root: string): string {
  const h = createHash("sha256");
  const visit = (rel: string) => {
    if (GENERATED.has(rel)) return;
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(path.join(root, rel));
    } catch {
      return; // an optional input this tree does not have
    }
    if (stat.isDirectory()) {
      if (path.basename(rel) === "node_modules") return;
      for (const name of fs.readdirSync(path.join(root, rel)).sort()) visit(`${rel}/${name}`);
    } else if (stat.isFile()) {
      const content = fs.readFileSync(path.join(root, rel));
      // Path and length first: no two different trees hash the same stream.
      h.update(`${rel}\0${content.length}\0`).update(content);
    }
  };
  for (const input of BUILD_INPUTS) visit(input);
  return `files-${h.digest("hex")}`;
}

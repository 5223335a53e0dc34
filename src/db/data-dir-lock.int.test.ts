import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { postgresPass } from "../../test/db";
import { closeDbHandle, getDbHandle, openDb } from "./client";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock";

/**
 * One process per PGlite DATA_DIR: `npm start` plus a mistaken second `npm start` (or a worker)
 * on the same DATA_DIR would be two PostgreSQL servers writing one set of files, and two sets of
 * workers with no leader lock between them.
 */

const pglitePass = !postgresPass;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-datadir-lock-"));
const dataDir = path.join(root, "pglite");
const seeded = path.join(root, "seeded");
beforeAll(async () => {
  if (!pglitePass) return;
  // A migrated data directory on disk, from the run's template (a fresh cluster is slower to start).
  const seed = await PGlite.create(seeded, {
    loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplate"))]),
  });
  await seed.close();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Another process that opens `dir` and keeps it open until killed. */
async function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { openDb } from "./src/db/client.ts";
       const h = await openDb({ dataDir: process.env.HOLDER_DATA_DIR });
       await h.exec("SELECT 1");
       console.log("OPENED");
       setInterval(() => {}, 1000);`,
    ],
    { cwd: process.cwd(), env: { ...process.env, HOLDER_DATA_DIR: dir }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let err = "";
  child.stderr?.on("data", (d) => {
    err += String(d);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the holder did not start: ${err}`)), 90_000);
    child.stdout?.on("data", (d) => {
      if (String(d).includes("OPENED")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`the holder exited (${code}): ${err}`)));
  });
  return child;
}

describe.runIf(pglitePass)("PGlite DATA_DIR has one opener", () => {
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    fs.cpSync(seeded, dataDir, { recursive: true });
    child = await holder(dataDir);
  });
  afterAll(() => {
    if (child?.exitCode === null) child.kill("SIGKILL");
  });

  it("refuses, in one line naming DATA_DIR and the holder, a DATA_DIR another process has open", async () => {
    const opening = openDb({ dataDir });
    await expect(opening).rejects.toThrow(DataDirInUseError);
    await expect(opening).rejects.toThrow(
      `DATA_DIR ${root} is in use by process ${child?.pid}: stop it first, ` +
        "or use DATABASE_URL (PostgreSQL) to run several processes",
    );
  });

  it("opens it once the holder has died without releasing it (kill -9)", async () => {
    const exited = new Promise((r) => child?.once("exit", r));
    child?.kill("SIGKILL");
    await exited;
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);
    const handle = await openDb({ dataDir });
    try {
      await handle.exec("CREATE TABLE after_crash (x int); INSERT INTO after_crash VALUES (1);");
    } finally {
      await handle.close();
    }
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it("refuses a second open in the same process too (two PGlite instances on one directory)", async () => {
    const first = await openDb({ dataDir });
    try {
      await expect(openDb({ dataDir })).rejects.toThrow(`is in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  });
});

describe.runIf(pglitePass)("the process-wide handle", () => {
  const saved = process.env.DATA_DIR;
  afterAll(() => {
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
    resetConfigForTests();
  });

  it("is opened again after a failed open, and closeDbHandle releases DATA_DIR", async () => {
    const appDir = path.join(root, "app");
    process.env.DATA_DIR = appDir;
    resetConfigForTests();
    const pgliteDir = path.join(appDir, "pglite");
    fs.cpSync(seeded, pgliteDir, { recursive: true });
    const release = lockDataDir(pgliteDir);
    await expect(getDbHandle()).rejects.toThrow(DataDirInUseError);
    release();

    const handle = await getDbHandle();
    expect(handle.kind).toBe("pglite");
    expect(await getDbHandle()).toBe(handle);
    expect(fs.existsSync(`${pgliteDir}.lock`)).toBe(true);

    await closeDbHandle();
    expect(fs.existsSync(`${pgliteDir}.lock`)).toBe(false);
    // Closing again, or with nothing opened, opens nothing.
    await closeDbHandle();
    expect(fs.existsSync(`${pgliteDir}.lock`)).toBe(false);
  });
});

/**
 * Two containers on one host and one volume: same hostname (here), same boot id, separate pid
 * namespaces. `unshare` makes one (root, or user namespaces, needed); elsewhere this is skipped and
 * src/db/data-dir-lock.test.ts covers the rule with a planted lock.
 */
// util-linux's, a system tool (not an npm binary).
const UNSHARE = "unshare";

function unshareWorks(): boolean {
  try {
    execFileSync(UNSHARE, ["--pid", "--fork", "--mount-proc", "true"], {
      stdio: "ignore",
      timeout: 10_000,
    });
    return true;
  } catch {
    return false;
  }
}

describe.runIf(pglitePass && unshareWorks())("a process in another pid namespace (another container)", () => {
  /** Tries lockDataDir(dir) as pid 1 of a new pid namespace; answers what happened. */
  function tryInNewNamespace(dir: string): string {
    return execFileSync(
      UNSHARE,
      [
        "--pid",
        "--fork",
        "--mount-proc",
        process.execPath,
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import { lockDataDir } from "./src/db/data-dir-lock.ts";
         try { lockDataDir(process.env.LOCK_DIR); console.log(\`pid \${process.pid}: TOOK the lock\`); }
         catch (err) { console.log(\`pid \${process.pid}: \${err.name}: \${err.message}\`); }`,
      ],
      { cwd: process.cwd(), env: { ...process.env, LOCK_DIR: dir }, encoding: "utf8", timeout: 60_000 },
    ).trim();
  }

  it("is refused the DATA_DIR this process holds, though the holder's pid is not alive there", () => {
    const dir = path.join(root, "namespaces", "pglite");
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const release = lockDataDir(dir);
    try {
      expect(tryInNewNamespace(dir)).toBe(
        `pid 1: DataDirInUseError: DATA_DIR ${path.dirname(dir)} is in use by process ${process.pid} ` +
          `on ${os.hostname()} in another pid namespace (a container): stop it first, ` +
          "or use DATABASE_URL (PostgreSQL) to run several processes",
      );
    } finally {
      release();
    }
    expect(tryInNewNamespace(dir)).toBe("pid 1: TOOK the lock");
  });
});

import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDataDir, DataDirInUseError, lockDataDir } from "./data-dir-lock";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-lock-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A fresh database directory (the lock lives beside it). */
const freshDir = () => path.join(root, `db-${++n}`);

const linux = fs.existsSync("/proc/self/stat");
const read = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
};
const bootId = () => read("/proc/sys/kernel/random/boot_id")?.trim();
const pidns = (() => {
  try {
    return fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    return undefined;
  }
})();
const startTime = (pid: number) => {
  const stat = read(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};

/**
 * Writes the lock of `dir` as another holder would have left it: by default one in this host, boot
 * and pid namespace (`pidns: undefined` for a lock written before the namespace was recorded).
 */
function plant(dir: string, holder: Record<string, unknown>, ageMs = 0): void {
  const lock = `${dir}.lock`;
  fs.writeFileSync(
    lock,
    JSON.stringify({ host: os.hostname(), boot: bootId(), pidns, token: "theirs", ...holder }),
  );
  if (ageMs) {
    const then = new Date(Date.now() - ageMs);
    fs.utimesSync(lock, then, then);
  }
}

/** A live process that is not this one (killed by the caller). */
function sleeper() {
  return spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
}

/** The pid of a process that has exited. */
function deadPid(): number {
  return Number(execFileSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" }));
}

describe("lockDataDir", () => {
  it("takes the lock, refuses a second taker, and releases it", () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, "utf8"))).toEqual(
      expect.objectContaining({ pid: process.pid, pidns }),
    );
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
    // No private file left beside it.
    expect(fs.readdirSync(root).filter((f) => f.startsWith(path.basename(dir)))).toEqual([]);
  });

  it("names DATA_DIR (the parent of its pglite directory) and the holder in one line", () => {
    const dataDir = path.join(root, "app-data");
    const dir = path.join(dataDir, "pglite");
    fs.mkdirSync(dataDir);
    const child = sleeper();
    try {
      plant(dir, { pid: child.pid, started: startTime(child.pid!) });
      expect(() => lockDataDir(dir)).toThrow(
        `DATA_DIR ${dataDir} is in use by process ${child.pid}: stop it first, ` +
          "or use DATABASE_URL (PostgreSQL) to run several processes",
      );
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("breaks the lock of a holder that died without releasing it", () => {
    const dir = freshDir();
    plant(dir, { pid: deadPid() });
    lockDataDir(dir)();
  });

  it.runIf(linux)("breaks the lock of a dead holder whose pid a live process now has", () => {
    const dir = freshDir();
    const child = sleeper();
    try {
      plant(dir, { pid: child.pid, started: "1" });
      lockDataDir(dir)();
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("breaks a lock naming this process's pid that this process does not hold (a reused pid)", () => {
    const dir = freshDir();
    plant(dir, { pid: process.pid, started: startTime(process.pid) });
    lockDataDir(dir)();
  });

  it.runIf(linux)("breaks a lock from an earlier boot of this host", () => {
    const dir = freshDir();
    const child = sleeper();
    try {
      plant(dir, { pid: child.pid, started: startTime(child.pid!), boot: "an-earlier-boot" });
      lockDataDir(dir)();
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("breaks a lock that is not ours to read (empty after a power loss)", () => {
    const dir = freshDir();
    fs.writeFileSync(`${dir}.lock`, "");
    lockDataDir(dir)();
  });

  it("on another host: refuses while the holder refreshes the lock, breaks it once abandoned", () => {
    const dir = freshDir();
    plant(dir, { pid: 12345, host: "other-host" }, 5_000);
    expect(() => lockDataDir(dir)).toThrow(/in use by process 12345 on other-host:/);
    plant(dir, { pid: 12345, host: "other-host" }, 5 * 60_000);
    lockDataDir(dir)();
  });

  // Two containers on one host share its boot id, and often the hostname (set alike, or shared):
  // the holder's pid 1 is not ours, and in our namespace names another process or none.
  it.runIf(linux)(
    "in another pid namespace: ignores its pid, refuses while its heartbeat is fresh, breaks it once abandoned",
    () => {
      const other = "pid:[1]";
      for (const pid of [deadPid(), process.pid, 1]) {
        const dir = freshDir();
        plant(dir, { pid, pidns: other, started: "1" }, 5_000);
        expect(() => lockDataDir(dir)).toThrow(
          `is in use by process ${pid} on ${os.hostname()} in another pid namespace (a container): `,
        );
        expect(() => checkDataDir(dir)).toThrow(DataDirInUseError);
        plant(dir, { pid, pidns: other, started: "1" }, 5 * 60_000);
        checkDataDir(dir);
        lockDataDir(dir)();
      }
    },
  );

  it("a lock that names no pid namespace (an older holder): alive by its pid here or by its heartbeat", () => {
    const dir = freshDir();
    // A pid that is gone here, but a fresh heartbeat: maybe a live holder in another container.
    plant(dir, { pid: deadPid(), pidns: undefined }, 5_000);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    plant(dir, { pid: deadPid(), pidns: undefined }, 5 * 60_000);
    lockDataDir(dir)();
    // Alive here, however old its heartbeat (PGlite's long queries stall it).
    const child = sleeper();
    try {
      plant(dir, { pid: child.pid, pidns: undefined, started: startTime(child.pid!) }, 5 * 60_000);
      expect(() => lockDataDir(dir)).toThrow(`in use by process ${child.pid}: `);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("checkDataDir: refuses a live holder, and takes or breaks nothing", () => {
    const dir = freshDir();
    checkDataDir(dir);
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    const release = lockDataDir(dir);
    expect(() => checkDataDir(dir)).toThrow(`is in use by process ${process.pid}`);
    release();
    plant(dir, { pid: deadPid() });
    checkDataDir(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, "utf8"))).toMatchObject({ token: "theirs" });
  });

  it("is released when the process exits without releasing it", () => {
    const dir = freshDir();
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import { lockDataDir } from "./src/db/data-dir-lock.ts";
         lockDataDir(process.env.LOCK_DIR);
         process.exit(0);`,
      ],
      { env: { ...process.env, LOCK_DIR: dir }, stdio: "ignore" },
    );
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processState } from "@/server/process-state";

/**
 * One process per PGlite data directory. PGlite is PostgreSQL in single-user mode inside this
 * process: two processes on one directory are two servers writing the same files with their own
 * buffers and WAL positions (corruption), and two sets of workers with no leader lock between them
 * (src/server/workers.ts makes a PGlite process the leader because it is the only one).
 *
 * The lock is a file beside the directory (`<dir>.lock`; PGlite owns what is inside) naming its
 * holder. It is created complete and atomically (written under a private name, then hard-linked into
 * place: link fails if the name exists), so a reader never sees a half-written one. A holder that
 * died without releasing it (kill -9, power loss) must not block the next start, so a lock whose
 * holder is gone is broken:
 * - same host and same pid namespace: the pid is checked, and its start time too (a process
 *   restarted after a crash gets the same pids again, possibly a live process that is not the holder);
 * - another boot of this host: every process of that boot is gone;
 * - another host, or another pid namespace of this host (two containers on one volume: they share
 *   the hostname when it is set or shared, and always the boot id, but a pid means another process,
 *   or none, in each namespace): the holder refreshes the file's mtime; one older than
 *   HEARTBEAT_STALE_MS is abandoned. So a container restarted after a crash (a new namespace) waits
 *   up to that long for its predecessor's lock, rather than risk taking a live one.
 * - a lock written before the namespace was recorded, or where one side cannot read it: either
 *   rule may show the holder alive (its pid here, or a fresh heartbeat), and either suffices.
 * Not proper-lockfile: its only liveness test is such an mtime heartbeat, and PGlite runs queries
 * on the main thread, so a long query would stall the heartbeat and hand the directory to a second
 * process while the first still writes (its default reaction then is to throw from a timer).
 */

const HEARTBEAT_MS = 10_000;
const HEARTBEAT_STALE_MS = 60_000;

type Holder = {
  pid: number;
  host: string;
  boot?: string;
  /** Linux: the holder's pid namespace (`pid:[4026531836]`), in which `pid` and `started` hold. */
  pidns?: string;
  started?: string;
  token: string;
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    host?: string,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}${host ? ` on ${host}` : ""}: stop it first, ` +
        "or use DATABASE_URL (PostgreSQL) to run several processes",
    );
    this.name = "DataDirInUseError";
  }
}

// Locks this process holds, by lock path: process-wide (Next's bundles each load their own copy of
// this module), so that a second open in this same process is refused too and exit cleans up.
function heldHere(): Map<string, string> {
  return processState("data-dir-locks", () => {
    const held = new Map<string, string>();
    // A process that exits without closing its database (process.exit after a timeout) leaves no
    // lock behind for the next start to judge.
    process.on("exit", () => {
      for (const [lockPath, token] of held) removeIfOurs(lockPath, token);
    });
    return held;
  });
}

/** Takes the lock of the PGlite directory `dir`; returns its release. Throws DataDirInUseError. */
export function lockDataDir(dir: string): () => void {
  const resolved = path.resolve(dir);
  const lockPath = `${resolved}.lock`;
  const held = heldHere();
  const me = whoAmI();
  for (let attempt = 0; attempt < 5; attempt++) {
    if (install(lockPath, JSON.stringify(me))) {
      held.set(lockPath, me.token);
      const heartbeat = setInterval(() => {
        const now = new Date();
        fs.utimes(lockPath, now, now, () => {});
      }, HEARTBEAT_MS);
      heartbeat.unref();
      return () => {
        clearInterval(heartbeat);
        held.delete(lockPath);
        removeIfOurs(lockPath, me.token);
      };
    }
    const raw = read(lockPath);
    if (raw === undefined) continue; // released between our attempt and the read
    const holder = parse(raw);
    if (holder && isAlive(holder, lockPath, me, held)) throw inUse(resolved, holder, me);
    breakLock(lockPath, raw);
  }
  throw new Error(`could not take the lock ${lockPath}: it keeps changing hands`);
}

/**
 * Check only: throws DataDirInUseError when a live process holds the lock of `dir`; takes nothing
 * and breaks nothing (an abandoned lock is left for lockDataDir). For `npm start`, which must not
 * install or build over a running server's files before it gets to open the database.
 */
export function checkDataDir(dir: string): void {
  const resolved = path.resolve(dir);
  const lockPath = `${resolved}.lock`;
  const raw = read(lockPath);
  if (raw === undefined) return;
  const holder = parse(raw);
  const me = whoAmI();
  if (holder && isAlive(holder, lockPath, me, heldHere())) throw inUse(resolved, holder, me);
}

function whoAmI(): Holder {
  return {
    pid: process.pid,
    host: os.hostname(),
    boot: bootId(),
    pidns: pidNamespace(),
    started: startTime(process.pid),
    token: randomUUID(),
  };
}

function inUse(resolved: string, holder: Holder, me: Holder): DataDirInUseError {
  let where: string | undefined;
  if (holder.host !== me.host) where = holder.host;
  else if (holder.pidns && me.pidns && holder.pidns !== me.pidns) {
    // Its pid means nothing here: say so, or the operator looks for the wrong process.
    where = `${holder.host} in another pid namespace (a container)`;
  }
  return new DataDirInUseError(shownDir(resolved), holder.pid, where);
}

function isAlive(holder: Holder, lockPath: string, me: Holder, held: Map<string, string>): boolean {
  const heartbeat = () => Date.now() - mtimeMs(lockPath) < HEARTBEAT_STALE_MS;
  if (holder.host !== me.host) return heartbeat();
  if (holder.boot && me.boot && holder.boot !== me.boot) return false;
  // Another container on this host: its pid is not ours to check (here it names no process, or an
  // unrelated one), so only its heartbeat tells.
  if (holder.pidns && me.pidns && holder.pidns !== me.pidns) return heartbeat();
  // Known to be our namespace, or (neither side has /proc) no namespaces to tell apart.
  if (holder.pidns === me.pidns) return pidAlive(holder, lockPath, held);
  // One side did not record it (a lock from before the namespace was recorded): it may be a live
  // holder in another container, whose pid proves nothing here, so a fresh heartbeat counts too.
  return pidAlive(holder, lockPath, held) || heartbeat();
}

/** Whether the holder's pid, read in this pid namespace, is the holder and alive. */
function pidAlive(holder: Holder, lockPath: string, held: Map<string, string>): boolean {
  // Our own pid: held by this process, or left by an earlier process that had the same pid.
  if (holder.pid === process.pid) return held.get(lockPath) === holder.token;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") return false;
    // EPERM: it exists, under another user.
  }
  const started = startTime(holder.pid);
  return !(holder.started && started && holder.started !== started);
}

/** Creates `lockPath` with `content` unless it exists; the file appears whole or not at all. */
function install(lockPath: string, content: string): boolean {
  const tmp = `${lockPath}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(tmp, content, { mode: 0o600 });
  try {
    fs.linkSync(tmp, lockPath);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Removes the abandoned lock whose content was `raw`. Two processes may judge the same lock
 * abandoned at once: the one that comes second must not remove the fresh lock the first one just
 * took. So the lock is moved aside (atomic), and put back if it is not the one that was judged.
 */
function breakLock(lockPath: string, raw: string): void {
  const aside = `${lockPath}.${process.pid}.${randomUUID()}.stale`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  try {
    if (read(aside) !== raw) {
      try {
        fs.linkSync(aside, lockPath);
      } catch {
        // Someone took it meanwhile: theirs stands.
      }
    }
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

function removeIfOurs(lockPath: string, token: string): void {
  try {
    const raw = read(lockPath);
    if (raw !== undefined && parse(raw)?.token === token) fs.rmSync(lockPath, { force: true });
  } catch {
    // DATA_DIR removed under us (a test's clean-up): nothing is left to release.
  }
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** The holder named by a lock file, or undefined for one that is not ours (judged abandoned). */
function parse(raw: string): Holder | undefined {
  try {
    const h = JSON.parse(raw) as Partial<Holder>;
    if (typeof h.pid === "number" && typeof h.host === "string" && typeof h.token === "string") {
      return h as Holder;
    }
  } catch {}
  return undefined;
}

function mtimeMs(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The directory to name in the refusal: DATA_DIR itself for the app's `DATA_DIR/pglite`. */
function shownDir(resolved: string): string {
  return path.basename(resolved) === "pglite" ? path.dirname(resolved) : resolved;
}

/** Linux: the kernel's id of this boot (undefined elsewhere). */
function bootId(): string | undefined {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Linux: this process's pid namespace, e.g. `pid:[4026531836]` (undefined elsewhere). */
function pidNamespace(): string | undefined {
  try {
    return fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    return undefined;
  }
}

/** Linux: when process `pid` started, in clock ticks since boot (undefined elsewhere or if gone). */
function startTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22; the command name (field 2) may hold spaces and parentheses, so count from its end.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

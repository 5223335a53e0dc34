import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers share this type, so feature code is written once for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DbHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs a multi-statement SQL script (migrations). */
  exec: (sqlText: string) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * `from` starts an in-memory database from a `dumpDataDir()` tarball instead of an empty cluster:
 * the integration tests load one migrated copy per run (test/pglite-template.ts) rather than
 * running initdb and every migration in each test file (~0.4 s against ~1.9 s).
 */
export type DbTarget = { databaseUrl: string } | { dataDir: string } | { memory: true; from?: Blob };

/** Opens a database: PostgreSQL when a URL is given, else PGlite on disk (or in memory for tests). */
export async function openDb(target: DbTarget): Promise<DbHandle> {
  if ("databaseUrl" in target) {
    // connectionTimeoutMillis bounds both a new connection and the wait for a free one: with the
    // server unreachable a request fails after 30 s instead of hanging on the OS's TCP timeout
    // (minutes); 30 s leaves a busy pool's queue ample time.
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 30_000,
    });
    // An idle connection the server drops (restart, failover, pg_terminate_backend) is an 'error'
    // event on the pool; unhandled, it would crash the process. The pool replaces the connection.
    pool.on("error", (err) => {
      void import("@/server/logger").then(({ logger }) =>
        logger.warn({ err: err.message }, "idle PostgreSQL connection closed by the server"),
      );
    });
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: "postgres",
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let unlock = () => {};
  const options = { startParams: PGLITE_START_PARAMS };
  if ("dataDir" in target) {
    restrictDataDir(target.dataDir);
    // Before PGlite touches the files: a second process on them would corrupt the database.
    unlock = lockDataDir(target.dataDir);
    try {
      client = await PGlite.create(path.resolve(target.dataDir), options);
    } catch (err) {
      unlock();
      throw err;
    }
    // PGlite unpacks a fresh cluster with explicit modes (0666), past the umask: tighten them once
    // more. Files it creates later go through the umask set above.
    restrictDataDir(target.dataDir);
  } else {
    client = await PGlite.create({ ...options, loadDataDir: target.from });
  }
  return {
    db: markPglite(drizzlePglite(client, { schema }) as unknown as Db),
    kind: "pglite",
    exec: async (text) => {
      await client.exec(text);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * PGlite's shared buffers. initdb writes PostgreSQL's default of 128 MB, which PGlite allocates in
 * its WebAssembly memory and touches at start-up: 165 MiB of RSS in every process that opens a
 * database, before any query, and WebAssembly memory never shrinks. 32 MB (4,096 pages of 8 KB)
 * holds this app's hot tables and indexes; what falls out is re-read from the data files through the
 * kernel's page cache, not the disk. Measured in docs/ARCHITECTURE.md, "Server memory".
 */
export const PGLITE_SHARED_BUFFERS = "32MB";
// PGlite's own start parameters (single-user mode, no parallel workers…) plus ours; a setting given
// with -c wins over postgresql.conf, so existing data directories get it too.
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/**
 * DATA_DIR holds the database, the session secret and the chain state: readable by this user only
 * (issue 10). The process's umask becomes 077, so every file PGlite or anyone else creates from
 * now on is 0600 (directories 0700) whatever umask the process was started with; what already
 * exists is tightened once. Called by every process that writes there (scripts/serve.ts,
 * scripts/start.ts, openDb, e2e/server.ts).
 */
export function restrictDataDir(dir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodTree(dir);
}

function chmodTree(p: string): void {
  try {
    const stat = fs.lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(p, 0o700);
      for (const name of fs.readdirSync(p)) chmodTree(path.join(p, name));
    } else if ((stat.mode & 0o777) !== 0o600) {
      fs.chmodSync(p, 0o600);
    }
  } catch (err) {
    // Another process may be using DATA_DIR (a second start is refused only after this runs): a
    // file it removes between our listing and our look is not an error.
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}

export function targetFromEnv(env: { DATABASE_URL?: string; DATA_DIR: string }): DbTarget {
  return env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { dataDir: path.join(env.DATA_DIR, "pglite") };
}

// A PGlite DATA_DIR has one opener (openDb locks it), so the process keeps a single handle
// (survives dev HMR).
// A PGlite handle is marked with a process-wide symbol: `instanceof PgliteDatabase` is false across
// Next's bundles (pages and route handlers each carry their own copy of drizzle-orm), and caches
// that are exact only on PGlite (docs/ARCHITECTURE.md, "Caching") must recognise the one handle.
const PGLITE = Symbol.for("aurum.db.pglite");

function markPglite(db: Db): Db {
  Object.defineProperty(db, PGLITE, { value: true });
  return db;
}

/** Whether `db` is a PGlite database opened by `openDb` (a transaction on it is not). */
export function isPgliteDb(db: unknown): boolean {
  return typeof db === "object" && db !== null && (db as Record<symbol, unknown>)[PGLITE] === true;
}

const globalForDb = globalThis as unknown as { __aurumDb?: Promise<DbHandle> };

/** The process-wide database handle. */
export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__aurumDb) {
    // Imported lazily so that scripts can open databases without the server configuration.
    const opening = import("@/server/config").then(({ config }) => openDb(targetFromEnv(config())));
    globalForDb.__aurumDb = opening;
    // A failed open (DATA_DIR held by a process that is stopping, PostgreSQL not up yet) must not
    // fail every later request too: the next caller tries again.
    opening.catch(() => {
      if (globalForDb.__aurumDb === opening) globalForDb.__aurumDb = undefined;
    });
  }
  return globalForDb.__aurumDb;
}

/**
 * Closes the process-wide handle if one was opened (never opens one), at shutdown: PGlite flushes
 * and releases DATA_DIR, PostgreSQL's pool ends its connections.
 */
export async function closeDbHandle(): Promise<void> {
  const opened = globalForDb.__aurumDb;
  globalForDb.__aurumDb = undefined;
  const handle = await opened?.catch(() => undefined);
  await handle?.close();
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests only: make route handlers and services use this handle (e.g. an in-memory PGlite). */
export function setDbHandleForTests(handle: DbHandle): void {
  globalForDb.__aurumDb = Promise.resolve(handle);
}

/**
 * The HTTP entry of every web process (`npm start`, scaled web processes, the browser tests): Next's
 * programmatic server behind a plain Node `http` server. Next's route handlers cannot see the TCP
 * socket, so this entry removes any client-sent copy of the internal client-address header and sets
 * it from the socket (or from X-Forwarded-For per TRUST_PROXY_HOPS): see src/server/client-ip.ts.
 * It also makes DATA_DIR private before anything writes there (src/db/client.ts, restrictDataDir),
 * migrates a PostgreSQL database before answering (scaled out, the web processes and the worker
 * all do, under the migrator's advisory lock) or opens the PGlite one (which takes DATA_DIR for
 * this process: src/db/data-dir-lock.ts), takes the port before Next prepares (a port in use stops it
 * in one line, status 1, before any worker starts), stops the in-process workers and closes the
 * database on SIGTERM/SIGINT,
 * and answers anonymous loads of `/` and `/connect` from a one-second shared render with a fresh CSP
 * nonce each, and signed-in loads of `/`, `/swap` and `/stake` from a shared signed-in shell plus the
 * visitor's session block (src/server/document-cache.ts, scripts/lib/signed-in-shell.ts), and of
 * /task, /rewards, /friends and /wallet with skeletons plus the visitor's page-data block
 * (scripts/lib/shell-data.ts).
 *
 * Usage: `node --import tsx scripts/serve.ts` in the app directory, with PORT etc. in the environment
 * (NODE_ENV=production serves the build in NEXT_DIST_DIR/.next; anything else runs `next dev`).
 */
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import v8 from "node:v8";
import next from "next";
import { closeDbHandle, getDbHandle, openDb, restrictDataDir } from "../src/db/client";
import { DataDirInUseError } from "../src/db/data-dir-lock";
import { migrate } from "../src/db/migrate";
import { sessionCookieName } from "../src/features/auth/session-cookie";
import { CLIENT_IP_HEADER, HTTP_ENTRY_ENV } from "../src/server/client-ip";
import { parseConfig } from "../src/server/config";
import { DocumentCache } from "../src/server/document-cache";
import { stopAllWorkers } from "../src/server/workers";
import { createHttpEntry } from "./lib/http-entry";
import { listen, listenErrorMessage } from "./lib/listen";
import { heapGrowingFlag, keepSourceMaps } from "./lib/memory";
// The signed-in shells' page-data loaders (scripts/lib/shell-data.ts) are the features' server code,
// loaded outside Next's bundles: `server-only` resolves to an empty module for them, as in the worker.
import "./lib/server-only.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Read by clientIp() in this same process: only now is CLIENT_IP_HEADER trusted.
process.env[HTTP_ENTRY_ENV] = "1";
const cfg = parseConfig(process.env);
restrictDataDir(cfg.DATA_DIR);

// Memory settings (scripts/lib/memory.ts). This entry's own TypeScript is loaded by now; Next's
// chunks load from here on.
if (!keepSourceMaps(process.env.NODE_ENV, process.execArgv, process.env.NODE_OPTIONS)) {
  process.setSourceMapsEnabled(false);
}
const growth = heapGrowingFlag(process.execArgv, process.env.NODE_OPTIONS);
if (growth) v8.setFlagsFromString(growth);

// Scaled out on PostgreSQL, this web process may start before the worker has migrated the shared
// database (test/scale-out.ts lost that race once: HTTP 500, `relation "rate_limits" does not
// exist`). So it migrates too before it answers; migrate() serialises the processes with an
// advisory lock. On PGlite, `npm start` and the e2e server migrate before they start this entry.
if (cfg.DATABASE_URL) {
  const db = await openDb({ databaseUrl: cfg.DATABASE_URL });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
} else {
  // The process's PGlite handle (pages, routes and workers share it), opened now: a second process
  // on this DATA_DIR stops here with one line, instead of failing its requests or its workers.
  try {
    await getDbHandle();
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(`› ${err.message}`);
    process.exit(1);
  }
}

const dev = process.env.NODE_ENV !== "production";
const app = next({ dev, dir: root, port: cfg.PORT, hostname: "localhost" });
// The port is taken before Next prepares, since preparing starts the in-process workers
// (src/server/workers-boot.ts): a process that cannot serve must never pay a faucet claim or index a
// block. Requests that arrive while Next prepares wait for it.
let markPrepared: () => void = () => {};
const prepared = new Promise<void>((resolve) => {
  markPrepared = resolve;
});
const nextHandle = app.getRequestHandler();
const handle: typeof nextHandle = (req, res, parsedUrl) =>
  prepared.then(() => nextHandle(req, res, parsedUrl));

// Production only: `next dev` recompiles pages, so a shared render could be stale code.
const server = createHttpEntry(handle, cfg.TRUST_PROXY_HOPS, {
  documentCache: dev ? undefined : new DocumentCache(),
  sessionCookie: sessionCookieName(cfg.secureCookies),
  // Loaded on first use, like Next's chunks: after the source-map switch above (scripts/lib/memory.ts).
  sessionOf: async (cookie) => (await import("./lib/shell-session")).shellSessionOf(cookie),
  dataOf: async (page, visitor) => (await import("./lib/shell-data")).shellPageData(page, visitor.auth),
});
server.on("upgrade", (req, socket, head) => {
  delete req.headers[CLIENT_IP_HEADER];
  void prepared.then(() => app.getUpgradeHandler()(req, socket, head));
});
try {
  await listen(server, cfg.PORT);
} catch (err) {
  console.error(`› ${listenErrorMessage(err, cfg.PORT)}`);
  await closeDbHandle().catch(() => undefined); // PGlite releases DATA_DIR for the next start
  process.exit(1);
}
await app.prepare();
markPrepared();
console.log(`› ready on port ${cfg.PORT}`);

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`› ${signal}: closing the HTTP server`);
  setTimeout(() => process.exit(1), 20_000).unref(); // whatever hangs below
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const [, workersStopped] = await Promise.all([
    // In-flight requests get a few seconds.
    Promise.race([closed, delay(5_000, undefined, { ref: false })]),
    // The workers (WORKERS=on) finish what they are doing (a faucet batch being sent, a block being
    // indexed) before the database closes under them; a stuck one is not waited for long.
    stopAllWorkers(10_000),
  ]);
  if (!workersStopped) console.log("› workers still running after 10 s; stopping anyway");
  // PGlite flushes and releases DATA_DIR for the next start; PostgreSQL's pool says goodbye.
  const closing = closeDbHandle().catch((err: unknown) =>
    console.error("› closing the database failed:", err),
  );
  await Promise.race([closing, delay(5_000, undefined, { ref: false })]);
  process.exit(0);
}
process.on("SIGTERM", (signal) => void stop(signal));
process.on("SIGINT", (signal) => void stop(signal));

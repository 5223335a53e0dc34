/**
 * The worker process for scaled deployments (`WORKERS=only npm run worker`): runs the background
 * workers (faucet sender, chain indexer) without the web server, against the same database
 * (PostgreSQL via DATABASE_URL, so web processes and this one can share it; it refuses to start
 * without). Migrates first; the migrator's advisory lock makes that safe when web processes start
 * at the same time. Then seeds `content/` (tasks, news, FAQ), as `npm start` does before it serves:
 * scaled out, this process is the one that does it (the web processes only migrate).
 * With WORKER_METRICS_PORT set it serves GET /metrics and GET /health (scripts/lib/worker-http.ts).
 * Run with `--import ./scripts/lib/server-only.mjs` (package.json "worker"): the features' server
 * entries start with `import "server-only"`, which that hook lets a plain Node process load (the
 * `react-server` condition would break the Next modules they import).
 */
import { setTimeout as delay } from "node:timers/promises";
import { type AppConfig, ConfigError, config } from "../src/server/config";
import { logger } from "../src/server/logger";

let cfg: AppConfig;
try {
  cfg = config();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  // Not through the logger: LOG_LEVEL may be the very value being refused, or silent.
  console.error(err.message);
  process.exit(1);
}
if (cfg.WORKERS === "off") {
  logger.error("WORKERS=off: this process has nothing to run (use WORKERS=only)");
  process.exit(1);
}
// On PGlite the web process runs the workers itself (WORKERS=on) and holds DATA_DIR: a separate
// worker process could only be a second opener of the same files.
if (!cfg.DATABASE_URL) {
  logger.error(
    "npm run worker needs DATABASE_URL (PostgreSQL): without it, `npm start` runs the workers in the web process",
  );
  process.exit(1);
}
// Loaded after the checks above: every feature's server code, seconds of start-up to refuse in.
const [
  { getDbHandle },
  { migrate },
  { startWorkers, stopAllWorkers },
  { portalWorkers },
  { seedAll },
  { metricsRegistry },
  { startWorkerHttp },
] = await Promise.all([
  import("../src/db/client"),
  import("../src/db/migrate"),
  import("../src/server/workers"),
  import("../src/workers"),
  import("./seed"),
  import("../src/server/metrics"),
  import("./lib/worker-http"),
]);
const handle = await getDbHandle();
await migrate(handle);
// Safe while web processes serve: every seeder is an idempotent upsert that leaves rows saved in the
// console alone, and a row the files leave as it is keeps its updated_at (docs/api.md, "Edit
// conflicts"). A content file that does not validate stops the start, as it stops `npm start`.
try {
  logger.info({ seeded: await seedAll(handle.db) }, "content seeded");
} catch (err) {
  logger.fatal({ err }, "seeding content/ failed");
  await handle.close();
  process.exit(1);
}

let state: "starting" | "ok" | "stopping" = "starting";
// Before the workers: a taken port stops the process before any of them has sent anything.
const http = cfg.WORKER_METRICS_PORT
  ? await startWorkerHttp({
      host: cfg.WORKER_METRICS_HOST,
      port: cfg.WORKER_METRICS_PORT,
      registry: metricsRegistry,
      token: cfg.METRICS_TOKEN,
      status: () => state,
      onError: (err) => logger.warn({ err }, "worker metrics server"),
    }).catch((err: unknown) => {
      logger.fatal({ err }, "the worker's metrics server could not listen (WORKER_METRICS_PORT)");
      process.exit(1);
    })
  : undefined;
if (http) logger.info({ host: cfg.WORKER_METRICS_HOST, port: http.port }, "worker metrics and health served");
await startWorkers(portalWorkers());
state = "ok";

async function shutdown(signal: string) {
  if (state === "stopping") return;
  state = "stopping";
  logger.info({ signal }, "worker process stopping");
  // Whatever hangs below (the same last resort as scripts/serve.ts's, written again here: it is
  // inline in serve.ts's stop()).
  setTimeout(() => process.exit(1), 20_000).unref();
  // Bounded: a worker stuck in a call must not keep the process from stopping.
  if (!(await stopAllWorkers(10_000))) logger.warn("workers still running after 10 s; exiting anyway");
  await http?.close();
  // pg's Pool.end() waits for every checked-out connection, and a worker still stuck in a query
  // after the 10 s above holds one: 5 s more, then exit (the server drops the connections).
  const closing = handle
    .close()
    .catch((err: unknown) => logger.error({ err }, "closing the database failed"));
  await Promise.race([closing, delay(5_000, undefined, { ref: false })]);
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

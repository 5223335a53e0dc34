/**
 * The worker process for scaled deployments (`WORKERS=only npm run worker`): runs the background
 * workers (faucet sender, chain indexer) without the web server, against the same database
 * (PostgreSQL via DATABASE_URL, so web processes and this one can share it; it refuses to start
 * without). Migrates first; the migrator's advisory lock makes that safe when web processes start
 * at the same time.
 * Run with `--import ./scripts/lib/server-only.mjs` (package.json "worker"): the features' server
 * entries start with `import "server-only"`, which that hook lets a plain Node process load (the
 * `react-server` condition would break the Next modules they import).
 */
import { config } from "../src/server/config";
import { logger } from "../src/server/logger";

const cfg = config();
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
const [{ getDbHandle }, { migrate }, { startWorkers, stopAllWorkers }, { portalWorkers }] = await Promise.all(
  [
    import("../src/db/client"),
    import("../src/db/migrate"),
    import("../src/server/workers"),
    import("../src/workers"),
  ],
);
const handle = await getDbHandle();
await migrate(handle);
await startWorkers(portalWorkers());

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "worker process stopping");
  // Bounded: a worker stuck in a call must not keep the process from stopping.
  if (!(await stopAllWorkers(10_000))) logger.warn("workers still running after 10 s; exiting anyway");
  await handle.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

/**
 * The worker process for scaled deployments (`WORKERS=only npm run worker`): runs the background
 * workers (faucet sender, chain indexer) without the web server, against the same database
 * (PostgreSQL via DATABASE_URL, so web processes and this one can share it). Migrates first; the
 * migrator's advisory lock makes that safe when web processes start at the same time.
 * Run with `--import ./scripts/lib/server-only.mjs` (package.json "worker"): the features' server
 * entries start with `import "server-only"`, which that hook lets a plain Node process load (the
 * `react-server` condition would break the Next modules they import).
 */
import { getDbHandle } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { config } from "../src/server/config";
import { logger } from "../src/server/logger";
import { startWorkers } from "../src/server/workers";
import { portalWorkers } from "../src/workers";

const cfg = config();
if (cfg.WORKERS === "off") {
  logger.error("WORKERS=off: this process has nothing to run (use WORKERS=only)");
  process.exit(1);
}
const handle = await getDbHandle();
await migrate(handle);
const host = await startWorkers(portalWorkers());

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "worker process stopping");
  await host.stop();
  await handle.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

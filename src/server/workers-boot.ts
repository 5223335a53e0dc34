import { config } from "./config";
import { logger } from "./logger";
import { startWorkers, type Worker } from "./workers";

/**
 * Starts the background workers (faucet sender, chain indexer) inside the web server's process when
 * WORKERS=on, the one-process default; WORKERS=off and WORKERS=only (scripts/worker.ts) leave them out.
 */
export async function bootWorkers(workers: () => Worker[]): Promise<void> {
  if (config().WORKERS !== "on") return;
  const host = await startWorkers(workers());
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping workers");
    void host.stop();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

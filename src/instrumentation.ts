/**
 * Next.js start-up hook. With WORKERS=on (the default, one-process deployment) the background
 * workers (faucet sender, chain indexer) run inside the web server's Node.js process; with
 * WORKERS=off or WORKERS=only (scripts/worker.ts) they do not. Never in the edge runtime.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` may load server code to prerender pages; workers belong to a running server only.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { config } = await import("./server/config");
  if (config().WORKERS !== "on") return;
  const { startWorkers } = await import("./server/workers");
  const { logger } = await import("./server/logger");
  const host = await startWorkers();
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

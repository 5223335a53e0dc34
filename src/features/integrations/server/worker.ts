import { sleep } from "@/server/sleep";
import type { Worker } from "@/server/workers";
import { deliverDue } from "./delivery";
import { PRUNE_BATCH, PRUNE_EVERY_MS, pruneWebhookLog } from "./retention";
import { syncEnvEndpoints } from "./webhooks";

const IDLE_POLL_MS = 1_000;

/**
 * Delivers webhooks: WEBHOOK_URLS synced at start, then due deliveries every second (busy: at once).
 * It also prunes the webhook log (retention.ts) once an hour, between rounds: a full batch pruned
 * means a backlog, worked off one batch a round so that deliveries never wait behind it.
 */
export const webhookWorker: Worker = {
  name: "webhooks",
  // One deliverer is enough and keeps retries ordered; the lease makes a second one harmless anyway.
  leaderLockKey: 99_199_015,
  async run({ db, signal, log }) {
    await syncEnvEndpoints(db);
    let pruneAt = 0;
    while (!signal.aborted) {
      if (Date.now() >= pruneAt) {
        const pruned = await pruneWebhookLog(db).catch((err: unknown) => {
          log.warn({ err }, "webhook log retention sweep failed");
          return 0;
        });
        pruneAt = pruned >= PRUNE_BATCH ? 0 : Date.now() + PRUNE_EVERY_MS;
      }
      const n = await deliverDue(db).catch((err: unknown) => {
        log.warn({ err }, "webhook delivery round failed");
        return 0;
      });
      // Cut short by the stop, so that shutdown does not wait out the pause.
      if (n === 0) await sleep(IDLE_POLL_MS, signal);
    }
  },
};

import { sleep } from "@/server/sleep";
import type { Worker } from "@/server/workers";
import { deliverDue } from "./delivery";
import { syncEnvEndpoints } from "./webhooks";

const IDLE_POLL_MS = 1_000;

/** Delivers webhooks: WEBHOOK_URLS synced at start, then due deliveries every second (busy: at once). */
export const webhookWorker: Worker = {
  name: "webhooks",
  // One deliverer is enough and keeps retries ordered; the lease makes a second one harmless anyway.
  leaderLockKey: 99_199_015,
  async run({ db, signal, log }) {
    await syncEnvEndpoints(db);
    while (!signal.aborted) {
      const n = await deliverDue(db).catch((err: unknown) => {
        log.warn({ err }, "webhook delivery round failed");
        return 0;
      });
      // Cut short by the stop, so that shutdown does not wait out the pause.
      if (n === 0) await sleep(IDLE_POLL_MS, signal);
    }
  },
};

/**
 * A faucet sender in its own process, for the crash test (src/features/faucet/faucet-crash.int.test.ts),
 * which SIGKILLs it mid-batch. Runs through the real worker host (leader lock on PostgreSQL).
 *
 * Env: FAUCET_CHILD_DB_URL (PostgreSQL), TESTNET_RPC_URL, DEPLOYMENTS_DIR, FAUCET_PRIVATE_KEY,
 * FAUCET_CHILD_MAX_BATCH, FAUCET_CHILD_HANG_AFTER_RECORD=1 (stop between recording and broadcasting).
 * Prints `RECORDED` on stdout each time a batch has been recorded, before it is broadcast.
 */
import { openDb } from "../src/db/client";
import { createFaucetSenderWorker } from "../src/features/faucet/server/sender";
import { logger } from "../src/server/logger";
import { startWorkers } from "../src/server/workers";

const url = process.env.FAUCET_CHILD_DB_URL;
if (!url) throw new Error("FAUCET_CHILD_DB_URL is required");
const hang = process.env.FAUCET_CHILD_HANG_AFTER_RECORD === "1";
const handle = await openDb({ databaseUrl: url });
const host = await startWorkers(
  [
    createFaucetSenderWorker({
      options: {
        idlePollMs: 20,
        maxBatch: Number(process.env.FAUCET_CHILD_MAX_BATCH ?? 100),
        afterRecord: async () => {
          process.stdout.write("RECORDED\n");
          // Widen the window between "recorded" and "broadcast" so kills land on every step.
          await new Promise((r) => setTimeout(r, hang ? 3_600_000 : Math.random() * 30));
        },
      },
    }),
  ],
  { handle, databaseUrl: url, lockRetryMs: 100, backoffMs: 100, log: logger },
);
process.stdout.write("STARTED\n");
process.on("SIGTERM", () => {
  void host.stop().then(() => handle.close().then(() => process.exit(0)));
});

import "server-only";
import { airdropPublishWorker } from "@/features/airdrop/server";
import { createFaucetSenderWorker } from "@/features/faucet/server";
import { indexerWorker } from "@/features/indexer/server";
import { webhookWorker } from "@/features/integrations/server";
import { integrityWorker } from "@/features/integrity/server";
import type { Worker } from "@/server/workers";

/**
 * Every background worker of the portal, registered by the process entries (src/instrumentation.ts
 * for WORKERS=on, scripts/worker.ts for WORKERS=only). The worker host (src/server/workers.ts)
 * knows no feature: a feature exports its worker from its server.ts and is added here
 * (docs/ARCHITECTURE.md, "Adding a worker").
 */
export const portalWorkers = (): Worker[] => [
  createFaucetSenderWorker(),
  indexerWorker,
  webhookWorker,
  integrityWorker,
  airdropPublishWorker,
];

import type { Db } from "@/db/client";
import { logger } from "@/server/logger";
import { freezeRound, publishRound } from "./publish";

// Publish jobs started by this process (the lease in the round row guards across processes).
const running = new Map<string, Promise<unknown>>();

/**
 * `POST …/publish`: freezes the round in the request (so a rule that cannot be published answers
 * 409 at once), then runs the chain steps in the background and answers 202; the console polls
 * the round. A retry after a crash or error resumes the same state machine.
 */
export async function startPublishJob(db: Db, id: string): Promise<void> {
  await freezeRound(db, id);
  if (running.has(id)) return;
  const job = publishRound(db, id)
    .catch((err) => logger.warn({ err: (err as Error).message, round: id }, "airdrop publish stopped"))
    .finally(() => running.delete(id));
  running.set(id, job);
}

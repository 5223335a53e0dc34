import { creditPendingReferralBonuses, referralSharePercent } from "@/features/referrals/server";
import { sleep } from "@/server/sleep";
import type { Worker } from "@/server/workers";
import { runSybilScoring } from "./sybil-job";

const INTERVAL_MS = 60_000;

/**
 * The integrity worker (self-contained, for the workers host): every minute it scores participants
 * when there is new activity, and pays referral bonuses of friends who qualified by time passing
 * (the 24 h rule needs no new credit to become true).
 */
export const integrityWorker: Worker = {
  name: "integrity",
  // One scorer per database under PostgreSQL (two would rewrite the same clusters).
  leaderLockKey: 99_199_012,
  async run({ signal, db, log }) {
    while (!signal.aborted) {
      const started = Date.now();
      const run = await runSybilScoring(db);
      if (!run.skipped) log.info({ ...run, ms: Date.now() - started }, "sybil scoring");
      const paid = await creditPendingReferralBonuses(db, await referralSharePercent(db));
      if (paid > 0) log.info({ friends: paid }, "referral bonuses of newly qualified friends");
      await sleep(INTERVAL_MS, signal);
    }
  },
};

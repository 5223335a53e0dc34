import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { airdropRounds } from "@/db/schema";
import { logger } from "@/server/logger";

/**
 * The publish job's lease on a round (docs/airdrop.md "Publishing"): `lease_until` + `lease_owner`.
 * A job takes it only when it is free or expired, renews it while it works (a heartbeat, so a live
 * job is never taken over however long a million-recipient freeze takes) and releases it at the end;
 * a job that died stops renewing and the next one takes over after expiry. Only the owner renews or
 * releases, so a job that lost its lease (paused past expiry) cannot extend the new owner's.
 */
export type Lease = {
  roundId: string;
  owner: string;
  /** Renews now (the job calls it around its long synchronous stretches, where timers cannot fire). */
  renew(): Promise<void>;
  /** Throws when another job holds the round now (checked before every chain step). */
  assertHeld(): void;
  release(): Promise<void>;
};

const expired = sql`(${airdropRounds.leaseUntil} IS NULL OR ${airdropRounds.leaseUntil} < now())`;
const until = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Takes the lease of round `id` if it is free or expired. */
export async function acquireLease(db: Db, id: string, seconds: number): Promise<Lease | null> {
  const owner = randomUUID();
  const rows = await db
    .update(airdropRounds)
    .set({ leaseUntil: until(seconds), leaseOwner: owner })
    .where(and(eq(airdropRounds.id, id), expired))
    .returning({ id: airdropRounds.id });
  return rows.length > 0 ? holdLease(db, id, owner, seconds) : null;
}

/**
 * Takes the lease of the oldest round whose publishing was requested and is not held by a live job
 * (a new request, or one whose job died). SKIP LOCKED: two workers never claim the same round.
 */
export async function claimRequested(db: Db, seconds: number): Promise<Lease | null> {
  const owner = randomUUID();
  const rows = await db
    .update(airdropRounds)
    .set({ leaseUntil: until(seconds), leaseOwner: owner })
    .where(
      and(
        expired,
        sql`${airdropRounds.id} = (
          SELECT id FROM airdrop_rounds
          WHERE publish_requested_at IS NOT NULL AND (lease_until IS NULL OR lease_until < now())
          ORDER BY publish_requested_at LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning({ id: airdropRounds.id });
  const id = rows[0]?.id;
  return id ? holdLease(db, id, owner, seconds) : null;
}

function holdLease(db: Db, roundId: string, owner: string, seconds: number): Lease {
  let lost = false;
  const mine = and(eq(airdropRounds.id, roundId), eq(airdropRounds.leaseOwner, owner));
  const renew = async () => {
    if (lost) return;
    const rows = await db
      .update(airdropRounds)
      .set({ leaseUntil: until(seconds) })
      .where(mine)
      .returning({ id: airdropRounds.id });
    if (rows.length === 0) lost = true;
  };
  // Several renewals per lease period: one slow or failed renewal does not let the lease lapse.
  const timer = setInterval(
    () => {
      renew().catch((err) => logger.warn({ err, round: roundId }, "airdrop lease renewal failed"));
    },
    Math.max(250, (seconds * 1000) / 4),
  );
  timer.unref();
  return {
    roundId,
    owner,
    renew,
    assertHeld() {
      if (lost) throw new Error("another job took over this round's publishing");
    },
    async release() {
      clearInterval(timer);
      lost = true;
      await db.update(airdropRounds).set({ leaseUntil: null, leaseOwner: null }).where(mine);
    },
  };
}

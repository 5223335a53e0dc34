import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type AirdropRoundRow, airdropRounds } from "@/db/schema";
import { rowsOf } from "@/features/points/server";
import { recordAudit } from "@/server/audit";
import { conflict } from "@/server/errors";
import { sleep } from "@/server/sleep";
import type { Worker } from "@/server/workers";
import { assertDeployableInTime, assertPublishableWindow } from "./freeze";
import { claimRequested } from "./lease";
import { PUBLISH_LEASE_SECONDS, type PublishOptions, runPublish } from "./publish";
import { assertMultipliersNameTiers, getRound, roundTiers } from "./rounds";

/**
 * Publishing is a queued job (docs/airdrop.md "Publishing"): `POST …/publish` checks what it can at
 * once, records the request on the round and answers 202; the airdrop worker (src/workers.ts, the
 * worker process in scale-out) claims requested rounds under a renewed lease and runs freeze + chain
 * steps. The web process never holds a freeze, and a web restart loses nothing: the request is a row.
 */

/**
 * The rule checks that need no allocation, with the freeze's messages: one grouped count of the
 * ledger at the snapshot (no participant rows are loaded). The freeze repeats the exact checks.
 */
async function assertRuleCanAllocate(db: Db, r: AirdropRoundRow): Promise<void> {
  const exclusions = rowsOf<{ t: string | null }>(
    await db.execute(sql`SELECT to_regclass('public.participant_exclusions')::text AS t`),
  )[0]?.t;
  const notExcluded = exclusions
    ? sql`AND NOT EXISTS (SELECT 1 FROM participant_exclusions x WHERE lower(x.address) = lower(u.address))`
    : sql``;
  const n = Number(
    rowsOf<{ n: number | string }>(
      await db.execute(sql`
        SELECT count(*) AS n FROM (
          SELECT user_id FROM points_ledger
          WHERE created_at <= ${r.snapshotAt.toISOString()}
          GROUP BY user_id
          HAVING sum(points) >= ${Math.max(1, r.minPoints)}
        ) s JOIN users u ON u.id = s.user_id
        WHERE true ${notExcluded}`),
    )[0]?.n ?? 0,
  );
  if (n === 0) {
    throw conflict("No participant is eligible under this rule: lower the minimum.", "NOTHING_TO_ALLOCATE");
  }
  const total = BigInt(r.totalAmount);
  if (r.capPerAddress !== null && BigInt(r.capPerAddress) * BigInt(n) < total) {
    throw conflict(
      `The cap is too low: every eligible address hits it and ${total - BigInt(r.capPerAddress) * BigInt(n)} base units would be left over.`,
      "CAP_TOO_LOW",
    );
  }
}

/**
 * `POST …/publish`: 404 / 409 at once, else records the request (idempotent: a second click while
 * requested or running keeps the same request and job) and returns the round. A published round is
 * left as it is. The request (the queued job) and its `airdrop.publish` audit entry, for the
 * operator `actor` (the console; scripts and tests may leave it out), are one transaction; a click
 * that changes nothing records nothing.
 */
export async function requestPublish(db: Db, id: string, actor?: string): Promise<AirdropRoundRow> {
  const r = await getRound(db, id);
  // Published, or already requested (queued or running): the same state, no new checks.
  if (r.status === "published" || r.publishRequestedAt !== null) return r;
  if (r.status === "draft") {
    assertPublishableWindow(r);
    assertMultipliersNameTiers(r, await roundTiers(db, r));
    await assertRuleCanAllocate(db, r);
  }
  // Frozen past its deadline with no deployment sent: a job could only fail (freeze.ts).
  await assertDeployableInTime(db, r);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // A new request clears the previous attempt's error. Of racing clicks one updates the row.
    const [queued] = await t
      .update(airdropRounds)
      .set({ publishRequestedAt: sql`now()`, lastError: null })
      .where(
        and(
          eq(airdropRounds.id, id),
          ne(airdropRounds.status, "published"),
          isNull(airdropRounds.publishRequestedAt),
        ),
      )
      .returning();
    if (!queued) return getRound(t, id);
    if (actor) {
      await recordAudit(t, {
        actor,
        action: "airdrop.publish",
        target: `airdrop:${id}`,
        before: { status: r.status, requested: false },
        after: { status: queued.status, requested: true },
      });
    }
    return queued;
  });
}

/**
 * One worker tick: claims the oldest requested round not held by a live job (new, or its job died
 * and the lease expired) and runs it to the end. False when there was nothing to claim.
 */
export async function runNextPublish(
  db: Db,
  opts: PublishOptions = {},
): Promise<{ roundId: string; error?: string } | null> {
  const lease = await claimRequested(db, opts.leaseSeconds ?? PUBLISH_LEASE_SECONDS);
  if (!lease) return null;
  try {
    await runPublish(db, lease, opts);
    return { roundId: lease.roundId };
  } catch (err) {
    // Recorded on the round (lastError) and the request ended: the operator sees it and retries.
    return { roundId: lease.roundId, error: err instanceof Error ? err.message : String(err) };
  }
}

const POLL_MS = 2_000;

/**
 * The airdrop publish worker. No leader lock: the lease is the guard, so several worker processes
 * may each run a different round; one process runs one job at a time (a freeze holds a whole tree).
 */
export const airdropPublishWorker: Worker = {
  name: "airdrop-publish",
  async run({ signal, db, log }) {
    while (!signal.aborted) {
      const started = Date.now();
      const ran = await runNextPublish(db);
      if (ran) {
        const ms = Date.now() - started;
        if (ran.error) log.warn({ round: ran.roundId, err: ran.error, ms }, "airdrop publish stopped");
        else log.info({ round: ran.roundId, ms }, "airdrop publish ran");
        continue;
      }
      await sleep(POLL_MS, signal);
    }
  },
};

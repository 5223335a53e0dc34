import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "@/db/client";
import { rowsOf, tierFor } from "@/features/points/server";
import { config } from "@/server/config";
import type { Participant } from "../allocation";

/**
 * Every participant's points as of `at`: the sum of their ledger rows created at or before it
 * (adjustments included). One grouped scan of the ledger; the ledger is append-only and rows are
 * stamped with the time of their insert, so a snapshot in the past never changes and is cached.
 */
export async function pointsAtSnapshot(db: Db, at: Date): Promise<Participant[]> {
  const key = at.toISOString();
  const hit = at.getTime() < Date.now() - 5_000 ? snapshots.get(key) : undefined;
  if (hit) return hit;
  const result = await db.execute(sql`
    SELECT u.address, s.points
    FROM (
      SELECT user_id, sum(points)::bigint AS points
      FROM points_ledger
      WHERE created_at <= ${key}
      GROUP BY user_id
    ) s
    JOIN users u ON u.id = s.user_id
    WHERE s.points > 0`);
  const tiers = config().POINTS_TIERS;
  const out = rowsOf<{ address: string; points: string | number }>(result).map((r) => {
    const points = Number(r.points);
    return { address: r.address, points, tier: tierFor(points, tiers).current.name };
  });
  if (at.getTime() < Date.now() - 5_000) snapshots.set(key, out);
  return out;
}

// A few snapshots at most (each is one array of the participants); the simulator re-reads the same one.
const snapshots = new LRUCache<string, Participant[]>({ max: 4 });

export function clearSnapshotCacheForTests() {
  snapshots.clear();
}

/**
 * The addresses left out of every allocation (the "Campaign integrity" feature's exclusions).
 * Contract with that feature: a table `participant_exclusions(address text PRIMARY KEY, …)` holding
 * lower-case addresses. Until that table exists (the integrity branch is merged) nobody is excluded.
 * Read at simulation and at freeze: once frozen, a round's rows never change.
 */
export async function excludedAddresses(db: Db): Promise<Set<string>> {
  const exists = rowsOf<{ t: string | null }>(
    await db.execute(sql`SELECT to_regclass('public.participant_exclusions')::text AS t`),
  )[0]?.t;
  if (!exists) return new Set();
  const rows = rowsOf<{ address: string }>(
    await db.execute(sql`SELECT lower(address) AS address FROM participant_exclusions`),
  );
  return new Set(rows.map((r) => r.address));
}

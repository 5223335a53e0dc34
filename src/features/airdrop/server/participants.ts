import { setImmediate as yieldToLoop } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { type Db, isPgliteDb } from "@/db/client";
import { participantExclusions } from "@/db/schema";
import { rowsOf, type Tier, tierFor } from "@/features/points/server";
import type { Columns } from "../allocation";

/** Points at a snapshot as columns, ascending by address (see `Columns` in ../allocation.ts). */
export type Snapshot = Omit<Columns, "excluded">;

/**
 * Every participant's points as of `at`: the sum of their ledger rows created at or before it
 * (adjustments included). One grouped scan of the ledger, answered as ONE row (a string of
 * `address:points` pairs in address order) so 100,000 participants cost no per-row objects on either
 * driver (bench/airdrop.ts). Each participant is put in one of `tiers`: a frozen round's own, else
 * the tiers in force (`pointsTiers`, the console's setting: the tier /rewards shows). The ledger is
 * append-only and rows are stamped with the time of their insert, so a snapshot in the past never
 * changes and is cached (per set of tiers).
 */
export async function snapshotColumns(db: Db, at: Date, tiers: readonly Tier[]): Promise<Snapshot> {
  const key = `${at.toISOString()} ${JSON.stringify(tiers)}`;
  const past = at.getTime() < Date.now() - 5_000;
  const hit = past ? snapshots.get(key) : undefined;
  if (hit) return hit;
  const text = await snapshotPairs(db, at);
  const pairs = text ? text.split(",") : [];
  const names = new Map(tiers.map((t, i) => [t.name, i]));
  const n = pairs.length;
  const addresses: string[] = new Array(n);
  const points = new Float64Array(n);
  const tier = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const pair = pairs[i] as string;
    const colon = pair.indexOf(":");
    addresses[i] = pair.slice(0, colon);
    const p = Number(pair.slice(colon + 1));
    points[i] = p;
    tier[i] = names.get(tierFor(p, tiers).current.name) ?? 0;
  }
  const out: Snapshot = { addresses, points, tier, tierNames: tiers.map((t) => t.name) };
  if (past) snapshots.set(key, out);
  return out;
}

/**
 * The snapshot as the database answers it: `address:points` pairs, comma-separated, in address order
 * (null when nobody has points). The freeze hands this one string to its thread (freeze-worker.ts),
 * which parses it there: at a million participants the parse alone is a long synchronous stretch.
 * PostgreSQL answers it in one grouped scan of the ledger, in its own process. PGlite runs every
 * query on this thread, where that one scan held the event loop for 2–4.5 s at 300,000 participants:
 * there it is read in pages (`pagedPairs`), each a short call with the event loop turning between.
 */
export function snapshotPairs(db: Db, at: Date): Promise<string | null> {
  return isPgliteDb(db) ? pagedPairs(db, at) : wholePairs(db, at);
}

/** The snapshot text in one grouped scan of the ledger. */
export async function wholePairs(db: Db, at: Date): Promise<string | null> {
  const row = rowsOf<{ pairs: string | null }>(
    await db.execute(sql`
      SELECT string_agg(u.address || ':' || s.points::text, ',' ORDER BY u.address COLLATE "C") AS pairs
      FROM (
        SELECT user_id, sum(points)::bigint AS points
        FROM points_ledger
        WHERE created_at <= ${at.toISOString()}
        GROUP BY user_id
      ) s
      JOIN users u ON u.id = s.user_id
      WHERE s.points > 0`),
  )[0];
  return row?.pairs ?? null;
}

/**
 * Users per page of the paged read: 2,000 is 15–75 ms of PGlite per page at 300,000 participants
 * (10,000: up to 200 ms) for about the whole scan's total time (docs/airdrop.md "Scale").
 */
export const SNAPSHOT_PAGE_USERS = 2_000;

/**
 * The same text, read `pageUsers` users at a time by keyset on the users' address index, each user's
 * points summed through the ledger's (user_id, id) index. The pages are read in one read-only
 * transaction, so they are one consistent snapshot (on PGlite no other query runs until it ends). The
 * keyset order is the column's collation, each page's text is in "C" order: the same order, as
 * addresses are `0x` and lower-case hex (users_address_lower_check); the freeze sorts its input again
 * anyway (allocation.ts `toColumns`). On PostgreSQL this is slower than the one scan (a page per
 * round trip), hence only for PGlite.
 */
export async function pagedPairs(db: Db, at: Date, pageUsers = SNAPSHOT_PAGE_USERS): Promise<string | null> {
  return db.transaction(
    async (tx) => {
      const parts: string[] = [];
      let after = "";
      for (;;) {
        const page = rowsOf<{ last: string | null; users: number; pairs: string | null }>(
          await tx.execute(sql`
            SELECT max(p.address) AS last, count(*)::int AS users,
              string_agg(p.address || ':' || p.points::text, ',' ORDER BY p.address COLLATE "C")
                FILTER (WHERE p.points > 0) AS pairs
            FROM (
              SELECT u.address, (
                SELECT sum(l.points) FROM points_ledger l
                WHERE l.user_id = u.id AND l.created_at <= ${at.toISOString()}
              )::bigint AS points
              FROM users u
              WHERE u.address > ${after}
              ORDER BY u.address
              LIMIT ${pageUsers}
            ) p`),
        )[0];
        if (page?.pairs) parts.push(page.pairs);
        if (!page?.last || page.users < pageUsers) break;
        after = page.last;
        await yieldToLoop(); // timers and requests run before the next page
      }
      return parts.length > 0 ? parts.join(",") : null;
    },
    { accessMode: "read only" },
  );
}

// A few snapshots at most (each is one set of columns); the simulator re-reads the same one.
const snapshots = new LRUCache<string, Snapshot>({ max: 4 });

export function clearSnapshotCacheForTests() {
  snapshots.clear();
}

/**
 * The addresses left out of every allocation: the integrity feature's exclusions
 * (`participant_exclusions`, lower-case by its check constraint). Read at simulation and at freeze:
 * once frozen, a round's rows never change.
 */
export async function excludedAddresses(db: Db): Promise<Set<string>> {
  const rows = await db.select({ address: participantExclusions.address }).from(participantExclusions);
  return new Set(rows.map((r) => r.address));
}

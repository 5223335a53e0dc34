import { type SQL, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getAddress } from "viem";
import type { Db } from "@/db/client";
import { namesFor } from "@/features/names/server";
import type { Leaderboard, LeaderboardRow } from "../schema";
import { rankingCacheable, rankingCached } from "./ranking-cache";
import { rowsOf } from "./rows";

// Ranking (documented in docs/api.md): competition ranking on the maintained totals — rank is the
// number of users with a strictly greater total, plus one, so equal totals share a rank (1, 2, 2, 4).
// Lists order equal totals by who reached the total first (`updated_at`), then by user id.

// Excluded participants (participant_exclusions, issue 12) are left off every list and rank: they
// have no rank at all (`null`, "Not ranked"), in `GET /api/points` as in `GET /api/leaderboard`.
const notExcluded = (userCol: ReturnType<typeof sql.raw>) =>
  sql`NOT EXISTS (SELECT 1 FROM users xu JOIN participant_exclusions xe ON xe.address = xu.address WHERE xu.id = ${userCol})`;
const T_USER = sql.raw("t.user_id");

/** Whether the user is excluded (one probe of the exclusions by address). */
const isExcluded = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM users xu JOIN participant_exclusions xe ON xe.address = xu.address WHERE xu.id = ${userId}::uuid)`;

// Users without points (none yet, or adjusted back to 0: the row stays with total 0) rank after
// everyone with points and are on no list. Every list bounds `t.total > 0`: a range on the leading
// column of points_totals_rank_idx (total DESC, updated_at, user_id), so the scans stay index scans.

type TotalRow = { user_id: string; address: string; total: string | number; updated_at: Date | string };

/**
 * How many ranked users have a total greater than `total` (an SQL expression, which may name an outer
 * row): every greater total minus the excluded ones among them. The first count is an index-only
 * range count on points_totals_rank_idx; a per-row NOT EXISTS (what the lists use) would probe the
 * exclusions once per greater total (14.6 ms per call at 100,000 users, issue 11). Exclusions are
 * few, so the second count is small. Exact and live: a rank moves as soon as anyone's total does.
 * The inner alias `g` must not shadow the caller's (`me.total`, `p.total`).
 */
const countAbove = (total: SQL) =>
  sql`((SELECT count(*) FROM points_totals g WHERE g.total > ${total})
    - (SELECT count(*) FROM participant_exclusions xe JOIN users xu ON xu.address = xe.address
       JOIN points_totals g ON g.user_id = xu.id WHERE g.total > ${total}))`;

/** The 1-based competition rank of a total (an SQL expression). */
const rankOf = (total: SQL) => sql`${countAbove(total)} + 1`;

/** The user's total and the rank of it (an SQL expression over `me`; null when excluded). */
const standingOf = (userId: string) => sql`
  me AS (
    SELECT coalesce((SELECT total FROM points_totals WHERE user_id = ${userId}::uuid), 0) AS total,
      ${isExcluded(userId)} AS excluded
  )`;
const ME_RANK = sql`CASE WHEN me.excluded THEN NULL ELSE ${rankOf(sql.raw("me.total"))} END`;

const rankFrom = (rank: string | number | null | undefined): number | null =>
  rank === null || rank === undefined ? null : Number(rank);

/** The user's total and its rank (null when excluded), in one round trip. */
export async function userRank(db: Db, userId: string): Promise<{ rank: number | null; total: number }> {
  const result = await db.execute(sql`
    WITH ${standingOf(userId)}
    SELECT me.total, ${ME_RANK} AS rank FROM me`);
  const row = rowsOf<{ total: string | number; rank: string | number | null }>(result)[0];
  return { rank: rankFrom(row?.rank), total: Number(row?.total ?? 0) };
}

/**
 * `userRank` and `pointsSeries` in one statement (issue 11: one query per `GET /api/points`, and
 * one fewer on /task and /rewards). Day sums travel as text: a bigint sum may exceed 2^53 in JSON.
 */
export async function userStanding(
  db: Db,
  userId: string,
): Promise<{ rank: number | null; total: number; series: { day: string; total: string }[] }> {
  const result = await db.execute(sql`
    WITH ${standingOf(userId)},
    days AS (
      SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(points)::text AS points
      FROM points_ledger WHERE user_id = ${userId} GROUP BY 1
    )
    SELECT me.total, ${ME_RANK} AS rank,
      (SELECT json_agg(json_build_object('day', day, 'points', points) ORDER BY day) FROM days) AS days
    FROM me`);
  const row = rowsOf<{ total: string | number; rank: string | number | null; days: unknown }>(result)[0];
  const raw = typeof row?.days === "string" ? JSON.parse(row.days) : row?.days;
  let running = 0n;
  const series = ((raw ?? []) as { day: string; points: string }[]).map((d) => {
    running += BigInt(d.points);
    return { day: d.day, total: running.toString() };
  });
  return { rank: rankFrom(row?.rank), total: Number(row?.total ?? 0), series };
}

// The participant count is the same for everyone and only shown as "of N" (the dashboard shows
// max(N, rank)). On PGlite it is cached exactly until the ranking changes (ranking-cache.ts); on
// PostgreSQL for 5 s, so the count(*) over every total (14.6 ms at 100k users) does not run on each
// `GET /api/points`. Keyed by the Db handle: tests open several databases in one process.
const rankedUsersCache = new LRUCache<Db, Promise<number>>({ max: 8, ttl: 5_000 });

const countRanked = (db: Db) =>
  db
    .execute(sql`SELECT ${countAbove(sql`0`)} AS n`)
    .then((result) => Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0));

export function rankedUsers(db: Db): Promise<number> {
  if (rankingCacheable(db)) return rankingCached(db, "ranked-users", "n", () => countRanked(db));
  let cached = rankedUsersCache.get(db);
  if (!cached) {
    cached = countRanked(db);
    rankedUsersCache.set(db, cached);
    // A failed read is not cached.
    cached.catch(() => rankedUsersCache.delete(db));
  }
  return cached;
}

/** The first `limit` users with points, with their ranks (the window function sees every greater total). */
export async function topUsers(db: Db, limit = 100): Promise<(TotalRow & { rank: number })[]> {
  const result = await db.execute(sql`
    SELECT t.user_id, u.address, t.total, t.updated_at, rank() OVER (ORDER BY t.total DESC) AS rank
    FROM (
      SELECT t.user_id, t.total, t.updated_at FROM points_totals t
      WHERE t.total > 0 AND ${notExcluded(T_USER)}
      ORDER BY t.total DESC, t.updated_at, t.user_id
      LIMIT ${limit}
    ) t JOIN users u ON u.id = t.user_id
    ORDER BY t.total DESC, t.updated_at, t.user_id`);
  return rowsOf<TotalRow & { rank: string | number }>(result).map((r) => ({ ...r, rank: Number(r.rank) }));
}

type PlacedRow = TotalRow & { part: number; pos: string | number; rank: string | number };

/**
 * The user's total and its rank, read as `userStanding` reads them, so `me.points` is the balance of
 * `GET /api/points` even when excluded (rank null), and the rank is after everyone with points
 * while they have none. Exclusion only removes their list row (`mine`), which places the neighbours.
 */
async function meOf(
  db: Db,
  userId: string,
): Promise<{ mine: TotalRow | null; total: number; rank: number | null }> {
  const result = await db.execute(sql`
    WITH ${standingOf(userId)}, m AS (
      SELECT t.user_id, u.address, t.total, t.updated_at FROM points_totals t JOIN users u ON u.id = t.user_id
      WHERE t.user_id = ${userId}::uuid AND t.total > 0 AND ${notExcluded(T_USER)}
    )
    SELECT m.user_id, m.address, me.total, m.updated_at, ${ME_RANK} AS rank
    FROM me LEFT JOIN m ON true`);
  const row = rowsOf<TotalRow & { rank: string | number | null }>(result)[0];
  const total = Number(row?.total ?? 0);
  return { mine: row?.user_id ? row : null, total, rank: rankFrom(row?.rank) };
}

/**
 * Up to `n` users just above (parts 1, 2) and just below (parts 3, 4) a ranked user in the list
 * order, each with its rank, in one statement (issue 11: it was four queries plus one per distinct
 * total). Only run for a user on the list (points > 0, not excluded): its planning costs more than
 * `meOf` alone. Users without points are on no list, so part 4 stops above 0.
 */
async function neighboursOf(db: Db, userId: string, n: number): Promise<PlacedRow[]> {
  // The user's own row is read inside the statement: timestamps keep microseconds that a JS Date would lose.
  const cols = sql`t.user_id, u.address, t.total, t.updated_at`;
  const from = sql`points_totals t JOIN users u ON u.id = t.user_id, points_totals m`;
  const ok = sql`m.user_id = ${userId}::uuid AND ${notExcluded(T_USER)}`;
  // Four small index range scans instead of one OR that the planner cannot bound.
  const branch = (part: number, where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
    sql`(SELECT ${part} AS part, row_number() OVER (ORDER BY ${order}) AS pos, ${cols} FROM ${from}
      WHERE ${ok} AND ${where} ORDER BY ${order} LIMIT ${n})`;
  const result = await db.execute(sql`
    WITH placed AS (
      ${branch(1, sql`t.total = m.total AND (t.updated_at, t.user_id) < (m.updated_at, m.user_id)`, sql`t.updated_at DESC, t.user_id DESC`)}
      UNION ALL ${branch(2, sql`t.total > m.total`, sql`t.total ASC, t.updated_at DESC, t.user_id DESC`)}
      UNION ALL ${branch(3, sql`t.total = m.total AND (t.updated_at, t.user_id) > (m.updated_at, m.user_id)`, sql`t.updated_at, t.user_id`)}
      UNION ALL ${branch(4, sql`t.total < m.total AND t.total > 0`, sql`t.total DESC, t.updated_at, t.user_id`)}
    )
    SELECT p.*, ${rankOf(sql.raw("p.total"))} AS rank FROM placed p`);
  return rowsOf<PlacedRow>(result).sort(
    (a, b) => Number(a.part) - Number(b.part) || Number(a.pos) - Number(b.pos),
  );
}

const toView =
  (userId: string) =>
  (r: TotalRow, rk: number | string): LeaderboardRow => ({
    rank: Number(rk),
    // Checksummed, like the account chip (the database keeps addresses lower-case).
    address: getAddress(r.address),
    name: null,
    points: String(r.total),
    isMe: r.user_id === userId,
  });

/**
 * The named top `limit`, the same for everyone: cached until the ranking or a name changes
 * (ranking-cache.ts). `isMe` is false here; `leaderboard` marks the reader's row.
 */
function namedTop(db: Db, limit: number): Promise<LeaderboardRow[]> {
  return rankingCached(
    db,
    "top",
    String(limit),
    async () => {
      const rows = (await topUsers(db, limit)).map((r) => toView("")(r, r.rank));
      // One batched query names every row shown (issue 16: names wherever an address is shown).
      const names = await namesFor(
        db,
        rows.map((r) => r.address),
      );
      return rows.map((r) => ({ ...r, name: names.get(r.address.toLowerCase()) ?? null }));
    },
    { named: true },
  );
}

/** Top 100, the user's rank and the users around them; cached per user until the ranking changes. */
export function leaderboard(db: Db, userId: string, opts: { limit?: number } = {}): Promise<Leaderboard> {
  const limit = opts.limit ?? 100;
  return rankingCached(db, "leaderboard", `${userId}:${limit}`, () => readLeaderboard(db, userId, limit), {
    named: true,
  });
}

async function readLeaderboard(db: Db, userId: string, limit: number): Promise<Leaderboard> {
  const n = 2;
  const [top, { mine, total, rank }] = await Promise.all([namedTop(db, limit), meOf(db, userId)]);
  const view = toView(userId);
  let neighbours: LeaderboardRow[] = [];
  if (mine && rank !== null) {
    const placed = await neighboursOf(db, userId, n);
    const part = (p: number) => placed.filter((r) => Number(r.part) === p);
    const above = [...part(1), ...part(2)].slice(0, n).reverse();
    const below = [...part(3), ...part(4)].slice(0, n);
    neighbours = [
      ...above.map((r) => view(r, r.rank)),
      view(mine, rank),
      ...below.map((r) => view(r, r.rank)),
    ];
  }
  // The shared top has no reader: the reader's row is theirs by address (no row, not on the list).
  const myAddress = mine ? getAddress(mine.address) : null;
  // Neighbours in the top already have their names; only the others are looked up.
  const known = new Map(top.map((r) => [r.address, r.name]));
  const missing = neighbours.filter((r) => !known.has(r.address)).map((r) => r.address);
  const names = missing.length > 0 ? await namesFor(db, missing) : new Map<string, string>();
  const named = (r: LeaderboardRow) => ({
    ...r,
    name: known.get(r.address) ?? names.get(r.address.toLowerCase()) ?? null,
  });
  return {
    top: top.map((r) => ({ ...r, isMe: r.address === myAddress })),
    me: { rank, points: String(total) },
    neighbours: neighbours.map(named),
  };
}

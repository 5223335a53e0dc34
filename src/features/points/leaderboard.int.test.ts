import { sql } from "drizzle-orm";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { excludeParticipant } from "@/features/integrity/server";
import { randomAddress } from "../../../test/accounts";
import { testDb } from "../../../test/db";
import { countQueries } from "../../../test/query-count";
import {
  creditPoints,
  leaderboard,
  pointsSeries,
  pointsSummary,
  rankingChanged,
  rowsOf,
  userRank,
} from "./server";

// The leaderboard reads the user's row with its rank in one statement and the neighbours with their
// ranks in another (issue 11).
// Checked against a plain reference: every non-excluded total in list order, competition ranking.

let handle: DbHandle;
const users: { userId: string; address: string }[] = [];
// Ties on purpose (equal totals share a rank and are ordered by who reached them first).
const TOTALS = [50, 30, 30, 30, 70, 10, 30, 50, 5, 90, 30, 10];

beforeAll(async () => {
  handle = await testDb();
  let k = 0;
  for (const points of TOTALS) {
    const { session } = await createTestSession(randomAddress(), { db: handle.db });
    users.push({ userId: session.userId, address: session.address });
    await creditPoints(handle.db, {
      userId: session.userId,
      points,
      reason: "test",
      source: "adjustment",
      sourceKey: `lb:${k++}`,
    });
  }
  await excludeParticipant(handle.db, "0x0000000000000000000000000000000000000001", {
    address: users[2]?.address ?? "",
    reasonCategory: "sybil",
    reason: "test",
  });
});
afterAll(() => handle?.close());

async function reference(userId: string) {
  const result = await handle.db.execute(sql`
    SELECT t.user_id, u.address, t.total FROM points_totals t JOIN users u ON u.id = t.user_id
    WHERE u.address NOT IN (SELECT address FROM participant_exclusions)
    ORDER BY t.total DESC, t.updated_at, t.user_id`);
  const list = rowsOf<{ user_id: string; address: string; total: string | number }>(result).map((r) => ({
    userId: r.user_id,
    address: getAddress(r.address),
    total: Number(r.total),
  }));
  const rankOf = (total: number) => 1 + list.filter((r) => r.total > total).length;
  const row = (r: (typeof list)[number]) => ({
    rank: rankOf(r.total),
    address: r.address,
    name: null,
    points: String(r.total),
    isMe: r.userId === userId,
  });
  const i = list.findIndex((r) => r.userId === userId);
  // The user's own total, excluded or not (GET /api/points' balance).
  const own = rowsOf<{ total: string | number }>(
    await handle.db.execute(sql`SELECT total FROM points_totals WHERE user_id = ${userId}::uuid`),
  );
  const total = Number(own[0]?.total ?? 0);
  // An excluded user has no rank at all (as in GET /api/points); one without points ranks after everyone.
  const excluded = rowsOf(
    await handle.db.execute(sql`
      SELECT 1 FROM users u JOIN participant_exclusions e ON e.address = u.address WHERE u.id = ${userId}::uuid`),
  );
  return {
    top: list.map(row),
    me: { rank: excluded.length > 0 ? null : rankOf(total), points: String(total) },
    neighbours: i >= 0 ? list.slice(Math.max(0, i - 2), i + 3).map(row) : [],
  };
}

describe("leaderboard", () => {
  it("matches the reference for every user (ties, ends of the list, an excluded user, no points)", async () => {
    const { session: fresh } = await createTestSession(randomAddress(), { db: handle.db });
    for (const who of [...users, { userId: fresh.userId }]) {
      expect(await leaderboard(handle.db, who.userId)).toEqual(await reference(who.userId));
    }
    // The excluded user sees no neighbours and has no rank, but keeps their points.
    const excluded = await leaderboard(handle.db, users[2]?.userId ?? "");
    expect(excluded.neighbours).toEqual([]);
    expect(excluded.me.rank).toBeNull();
    expect(excluded.me.points).toBe(String(TOTALS[2]));
    expect(excluded.top.some((r) => r.address === getAddress(users[2]?.address ?? ""))).toBe(false);
  });

  it("runs 4 queries for a ranked user (top, names, own row and rank, neighbours with ranks), 3 without points", async () => {
    // Cold: what a read costs right after a ranking change (server/ranking-cache.ts).
    rankingChanged();
    const ranked = await countQueries(() => leaderboard(handle.db, users[3]?.userId ?? ""));
    expect(ranked.queries).toBe(4);
    const { session } = await createTestSession(randomAddress(), { db: handle.db });
    rankingChanged();
    const unranked = await countQueries(() => leaderboard(handle.db, session.userId));
    expect(unranked.queries).toBe(3);
    // Warm on PGlite: the shared top and this user's answer are cached until the next change.
    const warm = await countQueries(() => leaderboard(handle.db, session.userId));
    expect(warm.queries).toBe(handle.kind === "pglite" ? 0 : 3);
  });
});

describe("pointsSummary", () => {
  it("reads total, rank and the daily series in one statement, as the separate reads give them", async () => {
    const who = users[4]?.userId ?? "";
    // Spread this user's credits over three UTC days.
    for (const [k, day] of [
      "2026-05-01T10:00:00Z",
      "2026-05-01T23:00:00Z",
      "2026-05-03T01:00:00Z",
    ].entries()) {
      await creditPoints(handle.db, {
        userId: who,
        points: 3 + k,
        reason: "t",
        source: "adjustment",
        sourceKey: `day:${k}`,
      });
      await handle.db.execute(
        sql`UPDATE points_ledger SET created_at = ${day}::timestamptz WHERE source_key = ${`day:${k}`}`,
      );
    }
    await pointsSummary(handle.db, who); // fills the settings cache
    // The dates above were changed by hand, behind the caches' back; the participant count is
    // counted on PGlite after a change, and cached for 5 s on PostgreSQL.
    rankingChanged();
    const { result, queries } = await countQueries(() => pointsSummary(handle.db, who));
    const { rank, total } = await userRank(handle.db, who);
    expect(result).toMatchObject({
      rank,
      balance: String(total),
      series: await pointsSeries(handle.db, who),
    });
    expect(result.series.map((d) => d.day)).toEqual(["2026-05-01", "2026-05-03", expect.any(String)]);
    expect(queries).toBe(handle.kind === "pglite" ? 2 : 1);
    expect((await countQueries(() => pointsSummary(handle.db, who))).queries).toBe(
      handle.kind === "pglite" ? 0 : 1,
    );
  });
});

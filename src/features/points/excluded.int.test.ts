import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { excludeParticipant } from "@/features/integrity/server";
import { randomAddress } from "../../../test/accounts";
import { testDb } from "../../../test/db";
import { creditPoints, leaderboard, pointsSummary } from "./server";

// An excluded participant is "left off every list and rank" (rank.ts, docs/api.md "Campaign
// integrity"), but keeps the points (earned before the exclusion, or an operator adjustment, which
// still applies). GET /api/leaderboard and GET /api/points must say the same of them.

let handle: DbHandle;
let honest: string;
let excluded: string;

beforeAll(async () => {
  handle = await testDb();
  const a = await createTestSession(randomAddress(), { db: handle.db });
  const b = await createTestSession(randomAddress(), { db: handle.db });
  honest = a.session.userId;
  excluded = b.session.userId;
  for (const [userId, points, key] of [
    [honest, 50, "rv:a"],
    [excluded, 100, "rv:b"],
  ] as const) {
    await creditPoints(handle.db, { userId, points, reason: "t", source: "adjustment", sourceKey: key });
  }
  await excludeParticipant(handle.db, "0x0000000000000000000000000000000000000001", {
    address: b.session.address,
    reasonCategory: "sybil",
    reason: "review",
  });
});
afterAll(() => handle?.close());

describe("rank of an excluded participant", () => {
  it("GET /api/points does not give an excluded participant a rank ahead of the ranked users", async () => {
    const board = await leaderboard(handle.db, excluded);
    const summary = await pointsSummary(handle.db, excluded);
    // The honest user is #1 of 1 ranked user; the excluded one is not ranked at all.
    expect((await pointsSummary(handle.db, honest)).rank).toBe(1);
    expect(summary.rankedUsers).toBe(1);
    // Observed: summary.rank === 1 (a second "#1 of 1") while the leaderboard says 2 / not ranked.
    // Fixed: no rank at all (null, "Not ranked"), the same in both answers.
    expect(summary.rank).toBe(board.me.rank);
    expect(summary.rank).toBeNull();
    expect(board.neighbours).toEqual([]);
    expect(board.top.map((r) => r.points)).toEqual(["50"]);
  });
});

describe("an excluded participant's own points", () => {
  // The leaderboard's `me.points` said 0 while the summary said the real total: exclusion takes away
  // the rank and the list row, not the points.
  it("are the same in the leaderboard's `me` and in the points summary", async () => {
    const summary = await pointsSummary(handle.db, excluded);
    const board = await leaderboard(handle.db, excluded);
    expect(summary.balance).toBe("100");
    expect(board.me.rank).toBeNull();
    expect(board.me.points).toBe(summary.balance);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { excludeParticipant } from "@/features/integrity/server";
import { randomAddress } from "../../../test/accounts";
import { testDb } from "../../../test/db";
import { creditPoints, leaderboard, pointsSummary } from "./server";

// GET /api/leaderboard's `me.points` and GET /api/points' `balance` describe the same user's total.
// For an excluded participant with points (earned before the exclusion, or an operator adjustment,
// which still applies) the leaderboard said 0 while the summary said the real total: exclusion takes
// away the rank and the list row, not the points.

let handle: DbHandle;
let excluded: string;

beforeAll(async () => {
  handle = await testDb();
  const honest = await createTestSession(randomAddress(), { db: handle.db });
  const b = await createTestSession(randomAddress(), { db: handle.db });
  excluded = b.session.userId;
  await creditPoints(handle.db, {
    userId: honest.session.userId,
    points: 50,
    reason: "t",
    source: "adjustment",
    sourceKey: "rv-ex:a",
  });
  await creditPoints(handle.db, {
    userId: excluded,
    points: 100,
    reason: "t",
    source: "adjustment",
    sourceKey: "rv-ex:b",
  });
  await excludeParticipant(handle.db, "0x0000000000000000000000000000000000000001", {
    address: b.session.address,
    reasonCategory: "sybil",
    reason: "review",
  });
});
afterAll(() => handle?.close());

describe("an excluded participant's own points", () => {
  it("are the same in the leaderboard's `me` and in the points summary", async () => {
    const summary = await pointsSummary(handle.db, excluded);
    const board = await leaderboard(handle.db, excluded);
    expect(summary.balance).toBe("100");
    expect(board.me.rank).toBeNull();
    expect(board.me.points).toBe(summary.balance);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { adjustPoints } from "@/features/admin/server";
import { createTestSession } from "@/features/auth/testing";
import { randomAddress } from "../../../test/accounts";
import { testDb } from "../../../test/db";
import { creditPoints, leaderboard, pointsSummary } from "./server";

// docs/api.md: "Users without points rank after everyone with points"; `neighbours` is "empty while
// the user has no points"; rankedUsers counts "users with at least one point". A participant whose
// points an operator adjusted back to 0 keeps a points_totals row with total 0.

let handle: DbHandle;
let zeroed: { userId: string; address: string };

beforeAll(async () => {
  handle = await testDb();
  const a = await createTestSession(randomAddress(), { db: handle.db });
  const z = await createTestSession(randomAddress(), { db: handle.db });
  zeroed = { userId: z.session.userId, address: z.session.address };
  await creditPoints(handle.db, {
    userId: a.session.userId,
    points: 40,
    reason: "t",
    source: "adjustment",
    sourceKey: "zt:a",
  });
  await creditPoints(handle.db, {
    userId: zeroed.userId,
    points: 10,
    reason: "t",
    source: "adjustment",
    sourceKey: "zt:z",
  });
  await adjustPoints(
    handle.db,
    "0x0000000000000000000000000000000000000001",
    zeroed.address,
    { points: -10, reason: "fraud" },
    "zt-1",
  );
});
afterAll(() => handle?.close());

describe("a participant back at 0 points", () => {
  it("is not listed on the leaderboard and has no neighbours", async () => {
    const summary = await pointsSummary(handle.db, zeroed.userId);
    expect(summary.balance).toBe("0");
    expect(summary.rankedUsers).toBe(1);
    const board = await leaderboard(handle.db, zeroed.userId);
    // Observed: top = [#1 40 pts, #2 0 pts (the zeroed user, "you")], neighbours = both rows.
    expect(board.top.map((r) => r.points)).toEqual(["40"]);
    expect(board.neighbours).toEqual([]);
  });
});

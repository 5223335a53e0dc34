import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { tasks } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { creditPoints, pointsHistoryPage } from "@/features/points/server";
import { resetConfigForTests } from "@/server/config";
import { randomAddress } from "../../../test/accounts";
import { testDb } from "../../../test/db";
import { maskAddress } from "./maths";
import { creditReferralBonuses, listFriends } from "./server";

// The referrer's points history names the friend behind a bonus the way /friends does
// (maths.ts `maskAddress`, 4 + 4 characters): a wider slice there would undo the masking.

let handle: DbHandle;
beforeAll(async () => {
  process.env.PUBLIC_URL = "http://localhost:3000";
  resetConfigForTests();
  handle = await testDb();
  await handle.db.insert(tasks).values(
    (["swap", "stake", "claim_reward"] as const).map((type, i) => ({
      id: `bonus-${type.replace("_", "-")}`,
      title: `Do ${type}`,
      description: "d",
      type,
      params: type === "swap" ? { token: "tUSD", amount: "1" } : type === "stake" ? { amount: "1" } : {},
      points: 100,
      repeat: "once" as const,
      sortOrder: i,
    })),
  );
});
afterAll(() => handle?.close());

describe("referral bonus entries in the referrer's history", () => {
  it("mask the friend's address exactly as /friends does", async () => {
    const referrer = await createTestSession(randomAddress(), { db: handle.db });
    const friend = await createTestSession(randomAddress(), {
      db: handle.db,
      ref: referrer.user.referralCode,
    });
    // Qualified: three on-chain task types and a first sign-in more than a day ago.
    await handle.db.execute(
      sql`UPDATE users SET created_at = now() - interval '25 hours', first_sign_in_at = now() - interval '25 hours' WHERE id = ${friend.user.id}`,
    );
    for (const type of ["swap", "stake", "claim-reward"]) {
      await creditPoints(handle.db, {
        userId: friend.user.id,
        points: 100,
        reason: `Do ${type}`,
        source: "task",
        sourceKey: `task:bonus-${type}:${friend.user.id}`,
        taskId: `bonus-${type}`,
        onchain: true,
      });
    }
    expect((await creditReferralBonuses(handle.db, friend.user.id, 10)).entries).toBe(3);

    const listed = (await listFriends(handle.db, referrer.user.id)).friends[0]?.address;
    const masked = maskAddress(friend.user.address.toLowerCase());
    expect(listed).toBe(masked);
    expect(masked).toMatch(/^0x[0-9a-f]{2}••••[0-9a-f]{4}$/);

    const history = await pointsHistoryPage(handle.db, referrer.user.id, { limit: 20 });
    const reasons = history.entries.filter((e) => e.source === "referral").map((e) => e.reason);
    expect(reasons.sort()).toEqual(
      ["Do claim-reward", "Do stake", "Do swap"].map((r) => `Referral bonus: ${masked} — ${r}`),
    );
  });
});

// The integrity worker's referral-bonus sweep: friends who qualified by time passing (no new credit)
// are paid at the operator's current share, and friends it can never pay do not crowd out the rest.
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { updateSettings } from "@/features/admin/server";
import { createTestSession } from "@/features/auth/testing";
import { balanceOf, creditPoints } from "@/features/points/server";
import { creditPendingReferralBonuses } from "@/features/referrals/server";
import { seedTasks, verifyTask } from "@/features/tasks/server";
import { randomAddress } from "../../../test/accounts";
import { testDb } from "../../../test/db";

// The worker loop sleeps 60 s between passes: the first sleep ends the run (one pass).
const stop = { controller: new AbortController() };
vi.mock("@/server/sleep", () => ({
  sleep: async () => {
    stop.controller.abort();
  },
}));

const STAFF = "0x0000000000000000000000000000000000000001";
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as unknown as Logger;
let handle: DbHandle;

beforeAll(async () => {
  handle = await testDb();
  await seedTasks(handle.db);
});
afterAll(() => handle?.close());

/** A referrer and a friend who qualifies (3 on-chain task types, first sign-in 25 h ago). */
async function qualifiedPair() {
  const referrer = await createTestSession(randomAddress(), { db: handle.db });
  const friend = await createTestSession(randomAddress(), { db: handle.db, ref: referrer.user.referralCode });
  for (const taskId of ["swap-10-tusd", "stake-1", "claim-reward"]) {
    await creditPoints(handle.db, {
      userId: friend.user.id,
      points: 100,
      reason: taskId,
      source: "task",
      sourceKey: `task:${taskId}:${friend.user.id}`,
      taskId,
      onchain: true,
    });
  }
  await handle.db.execute(
    sql`UPDATE users SET created_at = now() - interval '25 hours', first_sign_in_at = now() - interval '25 hours' WHERE id = ${friend.user.id}`,
  );
  return { referrer, friend };
}

/**
 * 200 qualified friends of `referrerId`, each credited `points` for each of 3 on-chain task types,
 * with ids (`group` picks the range) that sort before every random one: the sweep meets them first.
 */
async function qualifiedFriends(referrerId: string, group: number, points: number) {
  const g = String(group).padStart(4, "0");
  const id = sql.raw(`('00000000-0000-4000-${g}-' || lpad(to_hex(i), 12, '0'))::uuid`);
  await handle.db.execute(sql`
    INSERT INTO users (id, address, referral_code, referrer_id, created_at)
    SELECT ${id}, '0x' || ${g}::text || lpad(to_hex(i), 36, '0'), 'bulk' || ${g}::text || '-' || i,
           ${referrerId}::uuid, now() - interval '25 hours'
    FROM generate_series(1, 200) AS i`);
  await handle.db.execute(sql`
    INSERT INTO points_ledger (user_id, points, reason, source, source_key, task_id, onchain)
    SELECT ${id}, ${points}::int, t, 'task', 'task:' || t || ':' || ${id}, t, true
    FROM generate_series(1, 200) AS i, unnest(ARRAY['swap-10-tusd', 'stake-1', 'claim-reward']) AS t`);
}

describe("integrity worker referral sweep", () => {
  it("pays nothing once the operator sets the share to 0 % in the console, like a task credit", async () => {
    await updateSettings(handle.db, STAFF, { "referral.sharePercent": 0 });
    try {
      const { referrer, friend } = await qualifiedPair();

      // A task credit honours the setting: the referrer gets nothing.
      await verifyTask(
        handle.db,
        { userId: friend.user.id, address: friend.user.address },
        "daily-check-in",
        {
          chain: null,
        },
      );
      expect(await balanceOf(handle.db, referrer.user.id)).toBe(0);

      // One pass of the integrity worker (sybil scoring + referral sweep) pays nothing either.
      const { integrityWorker } = await import("@/features/integrity/server");
      stop.controller = new AbortController();
      await integrityWorker.run({ signal: stop.controller.signal, db: handle.db, log: silent });
      expect(await balanceOf(handle.db, referrer.user.id)).toBe(0);
    } finally {
      await updateSettings(handle.db, STAFF, { "referral.sharePercent": null });
    }
  });

  it.each([
    { why: "their referrer is excluded", group: 8000, points: 100, exclude: true },
    { why: "their bonus rounds to 0 points", group: 8001, points: 9, exclude: false },
  ])(
    "pays a friend who qualified by time passing even after 200 friends it can never pay ($why)",
    async ({ group, points, exclude }) => {
      const other = await createTestSession(randomAddress(), { db: handle.db });
      await qualifiedFriends(other.user.id, group, points);
      if (exclude) {
        await handle.db.execute(sql`INSERT INTO participant_exclusions (address, reason_category, reason, source, created_by)
        VALUES (${other.user.address.toLowerCase()}, 'sybil', 'farm', 'manual', 'test')`);
      }
      // An honest pair whose friend qualified by time passing (no new credit).
      const { referrer } = await qualifiedPair();

      // A few worker minutes: the honest referrer gets 10 % of 300, and the unpayable ones nothing.
      for (let i = 0; i < 3; i++) await creditPendingReferralBonuses(handle.db, 10);
      expect(await balanceOf(handle.db, referrer.user.id)).toBe(30);
      expect(await balanceOf(handle.db, other.user.id)).toBe(0);
    },
  );
});

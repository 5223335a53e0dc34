import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { balanceOf, rowsOf } from "@/features/points/server";
import { randomAddress } from "../../../test/accounts";
import { listTasks, verifyTask } from "./server";
import { parseTasksYaml } from "./server/seed";
import { fakeTaskChain, indexedSwap, tasksTestDb, who } from "./testing";

// Issue 14: once / daily / weekly. Exactly one credit per period under concurrency, period
// boundaries to the millisecond, and completion windows (last week's swap does not count this week).

const fake = fakeTaskChain();
const chain = fake.chain;
let handle: DbHandle;
beforeAll(async () => {
  handle = await tasksTestDb(`
- id: weekly-check-in
  title: Weekly check-in
  description: Once a week.
  type: daily_checkin
  repeat: weekly
  points: 7
- id: weekly-swap
  title: Swap 10 tUSD this week
  description: A swap every week.
  type: swap
  params: { token: tUSD, amount: "10" }
  repeat: weekly
  points: 40
- id: once-swap
  title: Swap 10 tUSD
  description: Once.
  type: swap
  params: { token: tUSD, amount: "10" }
  points: 5
`);
});
afterAll(() => handle?.close());

const ledgerKeys = async (userId: string) =>
  rowsOf<{ source_key: string }>(
    await handle.db.execute(
      sql`SELECT source_key FROM points_ledger WHERE user_id = ${userId} ORDER BY source_key`,
    ),
  ).map((r) => r.source_key);

// 2026-06-01 is a Monday.
const SUNDAY_LAST_MS = new Date("2026-06-07T23:59:59.999Z");
const MONDAY = new Date("2026-06-08T00:00:00.000Z");
const WEDNESDAY = new Date("2026-06-03T12:00:00Z");

const swapAt = (by: string, blockTime: Date, tusdIn?: bigint) =>
  indexedSwap(handle.db, fake, { by, blockTime, tusdIn });

describe("weekly tasks", () => {
  it("50 parallel verifies in one week credit once; the next Monday opens a new week", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        verifyTask(handle.db, who(s), "weekly-check-in", { now: WEDNESDAY, chain }),
      ),
    );
    expect(results.every((r) => r.verified)).toBe(true);
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    const credited = results.find((r) => r.credited)!;
    expect(credited.message).toBe("Checked in for the week of 2026-06-01 (UTC). +7 points.");
    expect(credited.task).toMatchObject({ status: "done", repeat: "weekly", nextAt: MONDAY.toISOString() });

    const lastMs = await verifyTask(handle.db, who(s), "weekly-check-in", { now: SUNDAY_LAST_MS, chain });
    expect(lastMs).toMatchObject({ verified: true, credited: false });
    expect(lastMs.message).toBe("Already done this week; it opens again on Monday at 00:00 UTC.");

    const next = await verifyTask(handle.db, who(s), "weekly-check-in", { now: MONDAY, chain });
    expect(next.credited).toBe(true);
    expect(await balanceOf(handle.db, s.user.id)).toBe(14);
    expect(await ledgerKeys(s.user.id)).toEqual([
      `task:weekly-check-in:${s.user.id}:W2026-06-01`,
      `task:weekly-check-in:${s.user.id}:W2026-06-08`,
    ]);
  });

  it("requests racing across the boundary credit exactly one per week", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        verifyTask(handle.db, who(s), "weekly-check-in", { now: i % 2 ? SUNDAY_LAST_MS : MONDAY, chain }),
      ),
    );
    expect(results.filter((r) => r.credited)).toHaveLength(2);
    expect(await balanceOf(handle.db, s.user.id)).toBe(14);
    expect((await ledgerKeys(s.user.id)).map((k) => k.split(":").at(-1))).toEqual([
      "W2026-06-01",
      "W2026-06-08",
    ]);
  });

  it("counts only what was done this week (the completion window)", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const me = s.user.address.toLowerCase() as Address;
    // A swap in the last millisecond of week 1.
    await swapAt(me, SUNDAY_LAST_MS);
    const week1 = await Promise.all(
      Array.from({ length: 20 }, () =>
        verifyTask(handle.db, who(s), "weekly-swap", { now: SUNDAY_LAST_MS, chain }),
      ),
    );
    expect(week1.filter((r) => r.credited)).toHaveLength(1);

    // Week 2: last week's swap does not count for the weekly task…
    const stale = await verifyTask(handle.db, who(s), "weekly-swap", { now: MONDAY, chain });
    expect(stale).toMatchObject({ verified: false, credited: false });
    expect(stale.message).toMatch(/^No swap of at least 10 tUSD/);
    expect(stale.task).toMatchObject({ status: "todo", resetsAt: "2026-06-15T00:00:00.000Z", nextAt: null });
    // …while the one-time task, which has no window, takes it.
    expect((await verifyTask(handle.db, who(s), "once-swap", { now: MONDAY, chain })).credited).toBe(true);

    // A swap on Monday at 00:00:00.000 belongs to week 2.
    await swapAt(me, MONDAY);
    const week2 = await Promise.all(
      Array.from({ length: 20 }, () =>
        verifyTask(handle.db, who(s), "weekly-swap", { now: new Date("2026-06-09T08:00:00Z"), chain }),
      ),
    );
    expect(week2.filter((r) => r.credited)).toHaveLength(1);
    expect(await balanceOf(handle.db, s.user.id)).toBe(40 + 5 + 40);
  });

  it("the task list says when each recurring task resets", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    await verifyTask(handle.db, who(s), "weekly-check-in", { now: WEDNESDAY, chain });
    const list = await listTasks(handle.db, who(s), { now: WEDNESDAY, chain });
    const byId = Object.fromEntries(list.map((t) => [t.id, t]));
    expect(byId["weekly-check-in"]).toMatchObject({
      status: "done",
      resetsAt: MONDAY.toISOString(),
      nextAt: MONDAY.toISOString(),
    });
    expect(byId["weekly-swap"]).toMatchObject({
      status: "todo",
      resetsAt: MONDAY.toISOString(),
      nextAt: null,
    });
    expect(byId["once-swap"]).toMatchObject({ resetsAt: null, nextAt: null });
  });

  it("a weekly task made in the console reaches the participant with its hint and reset", async () => {
    const { createTask, updateTask } = await import("@/features/admin/server");
    const admin = randomAddress();
    await createTask(handle.db, admin, {
      id: "console-weekly",
      title: "Weekly from the console",
      description: "Made in the console.",
      hint: "Check in any day this week.",
      type: "daily_checkin",
      params: {},
      points: 3,
      repeat: "weekly",
      sortOrder: 5,
    });
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const listed = (await listTasks(handle.db, who(s), { now: WEDNESDAY, chain })).find(
      (t) => t.id === "console-weekly",
    );
    expect(listed).toMatchObject({
      hint: "Check in any day this week.",
      repeat: "weekly",
      resetsAt: MONDAY.toISOString(),
    });
    // Switching it to daily changes the window at once; the hint can be cleared.
    await updateTask(handle.db, admin, "console-weekly", { repeat: "daily", hint: null });
    const daily = (await listTasks(handle.db, who(s), { now: WEDNESDAY, chain })).find(
      (t) => t.id === "console-weekly",
    );
    expect(daily).toMatchObject({ hint: null, repeat: "daily", resetsAt: "2026-06-04T00:00:00.000Z" });
  });

  it("the database refuses an unknown recurrence", async () => {
    await expect(
      handle.db.execute(sql`UPDATE tasks SET repeat = 'hourly' WHERE id = 'weekly-swap'`),
    ).rejects.toThrow();
    expect(() =>
      parseTasksYaml("- id: x\n  title: T\n  description: D\n  type: quiz\n  points: 5\n  repeat: monthly\n"),
    ).toThrow(/0\.repeat/);
  });
});

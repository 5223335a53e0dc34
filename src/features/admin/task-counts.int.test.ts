import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { creditPoints } from "@/features/points/server";
import { testDb } from "../../../test/db";
import { listAdminTasks } from "./server";

// The console's task list shows each task's completions and distinct participants, read in one
// pass over the task credits (migration 0039's index) for all tasks at once.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb({ global: false });
});
afterAll(() => handle?.close());

const task = (id: string, repeat: "once" | "daily") =>
  sql`INSERT INTO tasks (id, title, description, type, params, points, repeat)
      VALUES (${id}, ${id}, 'd', 'daily_checkin', '{}'::jsonb, 10, ${repeat})`;

describe("console task list counts", () => {
  it("counts every credit of a task and each participant once; a task nobody did reads 0 and 0", async () => {
    await handle.db.execute(sql`DELETE FROM tasks`);
    await handle.db.execute(task("count-daily", "daily"));
    await handle.db.execute(task("count-once", "once"));
    await handle.db.execute(task("count-none", "once"));
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        createTestSession(privateKeyToAccount(generatePrivateKey()).address, { db: handle.db }),
      ),
    );
    const credit = (userId: string, taskId: string, key: string) =>
      creditPoints(handle.db, { userId, points: 10, reason: taskId, source: "task", sourceKey: key, taskId });
    // A did the daily task on two days, B on one; only A did the one-off task.
    await credit(a!.user.id, "count-daily", `task:count-daily:${a!.user.id}:2026-12-01`);
    await credit(a!.user.id, "count-daily", `task:count-daily:${a!.user.id}:2026-12-02`);
    await credit(b!.user.id, "count-daily", `task:count-daily:${b!.user.id}:2026-12-02`);
    await credit(a!.user.id, "count-once", `task:count-once:${a!.user.id}`);
    // Not task credits: an adjustment does not count.
    await creditPoints(handle.db, {
      userId: b!.user.id,
      points: 5,
      reason: "goodwill",
      source: "adjustment",
      sourceKey: "adjustment:count-test",
    });

    const counts = (await listAdminTasks(handle.db)).tasks.map((t) => [t.id, t.completions, t.participants]);
    expect(counts).toEqual([
      ["count-daily", 3, 2],
      ["count-none", 0, 0],
      ["count-once", 1, 1],
    ]);
  });
});

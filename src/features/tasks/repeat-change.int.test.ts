import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { updateTask } from "@/features/admin/server";
import { createTestSession } from "@/features/auth/testing";
import { balanceOf, rowsOf } from "@/features/points/server";
import { ApiError } from "@/server/errors";
import { logger } from "@/server/logger";
import { randomAddress } from "../../../test/accounts";
import { listTasks, upsertTasks, verifyTask } from "./server";
import { parseTasksYaml } from "./server/seed";
import { tasksTestDb } from "./testing";

// A task credit's source key depends on how often the task repeats (logic.ts `taskSourceKey`:
// `task:{id}:{user}` once, `…:{day}` daily, `…:W{monday}` weekly). Changing `repeat` on a task that
// was already completed would give the same participant a fresh key, so a second credit of the same
// task: the console refuses it (409) and the seeder keeps the stored value.

const ADMIN = "0x00000000000000000000000000000000000000a1";
const MONDAY = new Date("2026-06-08T10:00:00Z");
const TUESDAY = new Date("2026-06-09T10:00:00Z");

let handle: DbHandle;
beforeAll(async () => {
  handle = await tasksTestDb();
});
afterAll(() => handle?.close());

const yaml = (id: string, repeat: string) =>
  parseTasksYaml(`
- id: ${id}
  title: Check in
  description: Check in.
  type: daily_checkin
  repeat: ${repeat}
  points: 5
`);

async function participant() {
  const { session } = await createTestSession(randomAddress(), { db: handle.db });
  return { userId: session.userId, address: session.address };
}

async function storedRepeat(id: string) {
  const rows = rowsOf<{ repeat: string }>(
    await handle.db.execute(sql`SELECT repeat FROM tasks WHERE id = ${id}`),
  );
  return rows[0]?.repeat;
}

async function errorOf(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
  return err;
}

const REFUSAL =
  "This task already has completions; create a new task instead of changing how often it repeats.";

describe("changing how often a completed task repeats", () => {
  it("console: once → daily on a completed task is refused with 409, so nobody is credited twice", async () => {
    await upsertTasks(handle.db, yaml("console-once", "once"));
    const who = await participant();
    expect((await verifyTask(handle.db, who, "console-once", { chain: null, now: MONDAY })).credited).toBe(
      true,
    );

    const err = await errorOf(updateTask(handle.db, ADMIN, "console-once", { repeat: "daily" }));
    expect(err.status).toBe(409);
    expect(err.message).toBe(REFUSAL);
    expect(await storedRepeat("console-once")).toBe("once");

    const again = await verifyTask(handle.db, who, "console-once", { chain: null, now: TUESDAY });
    expect(again.credited).toBe(false);
    expect(await balanceOf(handle.db, who.userId)).toBe(5);
  });

  it("console: daily → once and daily → weekly on a completed task are refused too", async () => {
    await upsertTasks(handle.db, yaml("console-daily", "daily"));
    const who = await participant();
    expect((await verifyTask(handle.db, who, "console-daily", { chain: null, now: MONDAY })).credited).toBe(
      true,
    );
    for (const repeat of ["once", "weekly"] as const) {
      const err = await errorOf(updateTask(handle.db, ADMIN, "console-daily", { repeat }));
      expect(err.status).toBe(409);
      expect(err.message).toBe(REFUSAL);
    }
    expect((await verifyTask(handle.db, who, "console-daily", { chain: null, now: MONDAY })).credited).toBe(
      false,
    );
    expect(await balanceOf(handle.db, who.userId)).toBe(5);
  });

  it("console: other edits of a completed task (and repeating as before) are still saved", async () => {
    await upsertTasks(handle.db, yaml("console-edit", "weekly"));
    const who = await participant();
    await verifyTask(handle.db, who, "console-edit", { chain: null, now: MONDAY });
    // The console form sends every field, the unchanged `repeat` included.
    const saved = await updateTask(handle.db, ADMIN, "console-edit", { title: "Renamed", repeat: "weekly" });
    expect(saved).toMatchObject({ title: "Renamed", repeat: "weekly" });
  });

  it("console: a task nobody has completed can change how often it repeats", async () => {
    await upsertTasks(handle.db, yaml("console-fresh", "once"));
    expect((await updateTask(handle.db, ADMIN, "console-fresh", { repeat: "daily" })).repeat).toBe("daily");
    expect(await storedRepeat("console-fresh")).toBe("daily");
  });

  it("seed: a file changing the repeat of a completed task keeps the stored one and warns", async () => {
    await upsertTasks(handle.db, yaml("seed-daily", "daily"));
    const who = await participant();
    expect((await verifyTask(handle.db, who, "seed-daily", { chain: null, now: MONDAY })).credited).toBe(
      true,
    );

    const warn = vi.spyOn(logger, "warn");
    try {
      await upsertTasks(handle.db, yaml("seed-daily", "once"));
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ task: "seed-daily", stored: "daily", file: "once" }),
        expect.stringContaining("keeps its stored repeat"),
      );
    } finally {
      warn.mockRestore();
    }
    expect(await storedRepeat("seed-daily")).toBe("daily");
    // Monday's daily credit still counts as today's: no second credit under a once key.
    expect((await verifyTask(handle.db, who, "seed-daily", { chain: null, now: MONDAY })).credited).toBe(
      false,
    );
    const [listed] = (await listTasks(handle.db, who, { chain: null, now: MONDAY })).filter(
      (t) => t.id === "seed-daily",
    );
    expect(listed?.status).toBe("done");
    expect(await balanceOf(handle.db, who.userId)).toBe(5);
  });

  it("seed: other fields of a completed task and the repeat of an uncompleted one follow the file", async () => {
    await upsertTasks(handle.db, yaml("seed-fresh", "once"));
    await upsertTasks(handle.db, yaml("seed-fresh", "weekly"));
    expect(await storedRepeat("seed-fresh")).toBe("weekly");

    await upsertTasks(handle.db, yaml("seed-done", "once"));
    await verifyTask(handle.db, await participant(), "seed-done", { chain: null, now: MONDAY });
    await upsertTasks(
      handle.db,
      yaml("seed-done", "daily").map((t) => ({ ...t, title: "Check in again", points: 8 })),
    );
    const rows = rowsOf<{ title: string; points: number; repeat: string }>(
      await handle.db.execute(sql`SELECT title, points, repeat FROM tasks WHERE id = 'seed-done'`),
    );
    expect(rows[0]).toMatchObject({ title: "Check in again", points: 8, repeat: "once" });
  });
});

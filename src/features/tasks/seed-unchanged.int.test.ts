import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { consoleEdits, tasks } from "@/db/schema";
import { upsertTasks } from "./server";
import { parseTasksYaml } from "./server/seed";
import { tasksTestDb } from "./testing";

// content/tasks.yaml is seeded on every start. A task the file leaves as it is keeps its row and its
// updated_at: the console's forms send that version back (docs/api.md, "Edit conflicts"), so a
// rewrite on every start would refuse a form opened before a restart as stale.

let handle: DbHandle;
beforeAll(async () => {
  handle = await tasksTestDb();
});
afterAll(() => handle?.close());

const file = (points: number) =>
  parseTasksYaml(`
- id: seeded-as-before
  title: Check in
  description: Check in.
  type: swap
  params: { token: tUSD, amount: "10" }
  repeat: once
  points: ${points}
  start: 2026-11-01T00:00:00Z
`);
const stored = async () => (await handle.db.select().from(tasks).where(eq(tasks.id, "seeded-as-before")))[0];

describe("seeding content/tasks.yaml again", () => {
  it("leaves a task the file does not change as it was, updated_at included; a change is written", async () => {
    await upsertTasks(handle.db, file(5));
    const first = await stored();
    expect(first).toMatchObject({ points: 5, startsAt: new Date("2026-11-01T00:00:00Z") });

    await upsertTasks(handle.db, file(5));
    expect(await stored()).toEqual(first);

    await upsertTasks(handle.db, file(7));
    const changed = await stored();
    expect(changed?.points).toBe(7);
    expect(changed?.updatedAt.getTime()).toBeGreaterThan(first?.updatedAt.getTime() ?? Number.NaN);
  });

  it("does not overwrite a console save that commits while it waits for the task's row", async () => {
    await upsertTasks(handle.db, file(5));
    // The console's save: it holds the task's row and marks it edited, then commits, while the seed
    // (started after the save began, so its list of edited tasks does not name it) waits for the row.
    let saved: () => void = () => {};
    let seedStarted: () => void = () => {};
    const started = new Promise<void>((r) => (seedStarted = r));
    const save = handle.db.transaction(async (tx) => {
      await tx.select().from(tasks).where(eq(tasks.id, "seeded-as-before")).for("update");
      await tx.update(tasks).set({ points: 42 }).where(eq(tasks.id, "seeded-as-before"));
      await tx.insert(consoleEdits).values({ kind: "task", id: "seeded-as-before", editedBy: "0xc0" });
      seedStarted();
      await new Promise<void>((r) => (saved = r));
    });
    await started;
    const seed = upsertTasks(handle.db, file(9));
    // On PostgreSQL the seed now waits for the row lock; PGlite runs one transaction at a time.
    await new Promise((r) => setTimeout(r, 200));
    saved();
    await Promise.all([save, seed]);
    expect((await stored())?.points).toBe(42);
    await handle.db.execute(sql`DELETE FROM console_edits WHERE kind = 'task' AND id = 'seeded-as-before'`);
  });
});

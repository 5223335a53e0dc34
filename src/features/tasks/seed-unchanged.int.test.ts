import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { tasks } from "@/db/schema";
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
});

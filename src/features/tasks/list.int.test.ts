import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { updateTask } from "@/features/admin/server";
import { createTestSession } from "@/features/auth/testing";
import { randomAddress } from "../../../test/accounts";
import { countQueries } from "../../../test/query-count";
import { listTasks, upsertTasks, verifyTask } from "./server";
import { parseTasksYaml } from "./server/seed";
import { tasksTestDb } from "./testing";

// The task list reads tasks and the user's credits in one statement and each progress source once
// (issue 11): the same answer as before for every state, in a constant number of queries.

const YESTERDAY = new Date("2026-06-01T12:00:00Z");
const NOW = new Date("2026-06-02T12:00:00Z");

let handle: DbHandle;
beforeAll(async () => {
  handle = await tasksTestDb(`
- { id: check-in, title: Check in, description: Daily., type: daily_checkin, repeat: daily, points: 10, order: 1 }
- id: quiz
  title: Quiz
  description: One question.
  type: quiz
  params: { questions: [{ id: q1, question: Which?, options: [A, B], answer: 0 }] }
  points: 20
  order: 2
- { id: upcoming, title: Later, description: Not yet., type: daily_checkin, points: 5, start: "2026-07-01T00:00:00Z", order: 3 }
- { id: ended, title: Over, description: Gone., type: daily_checkin, points: 5, end: "2026-05-01T00:00:00Z", order: 4 }
- { id: invite-2, title: Invite 2, description: Two friends., type: invite_friends, params: { count: 2 }, points: 50, order: 5 }
- { id: invite-5, title: Invite 5, description: Five friends., type: invite_friends, params: { count: 5 }, points: 90, order: 6 }
- { id: send, title: Send, description: A transfer., type: send, points: 15, order: 7 }
`);
});
afterAll(() => handle?.close());

describe("listTasks", () => {
  it("lists mixed states, earned points and progress for several tasks, only this user's", async () => {
    const db = handle.db;
    const me = (await createTestSession(randomAddress(), { db })).session;
    const other = (await createTestSession(randomAddress(), { db })).session;
    const who = { userId: me.userId, address: me.address };
    // Yesterday's and today's check-ins (earned 20, done today), the quiz once; the other user
    // completes the quiz too, which must not change my list.
    expect((await verifyTask(db, who, "check-in", { now: YESTERDAY, chain: null })).credited).toBe(true);
    expect((await verifyTask(db, who, "check-in", { now: NOW, chain: null })).credited).toBe(true);
    expect((await verifyTask(db, who, "quiz", { now: NOW, chain: null, answers: { q1: 0 } })).credited).toBe(
      true,
    );
    const otherWho = { userId: other.userId, address: other.address };
    await verifyTask(db, otherWho, "quiz", { now: NOW, chain: null, answers: { q1: 0 } });

    const { result: list, queries } = await countQueries(() => listTasks(db, who, { now: NOW, chain: null }));
    expect(list.map((t) => [t.id, t.status, t.pointsEarned, t.progress])).toEqual([
      ["check-in", "done", 20, null],
      ["quiz", "done", 20, null],
      ["upcoming", "upcoming", 0, null],
      ["ended", "ended", 0, null],
      ["invite-2", "todo", 0, { current: 0, total: 2 }],
      ["invite-5", "todo", 0, { current: 0, total: 5 }],
      ["send", "todo", 0, null],
    ]);
    expect(list.find((t) => t.id === "check-in")?.nextAt).toBe("2026-06-03T00:00:00.000Z");
    // One statement for tasks + credits, one for the qualified friends shared by both invite tasks.
    expect(queries).toBe(2);

    // Tomorrow the check-in is open again; the earned total still counts both days.
    const tomorrow = await listTasks(db, who, { now: new Date("2026-06-03T01:00:00Z"), chain: null });
    expect(tomorrow.find((t) => t.id === "check-in")).toMatchObject({ status: "todo", pointsEarned: 20 });

    const theirs = await listTasks(db, otherWho, { now: NOW, chain: null });
    expect(theirs.map((t) => [t.id, t.status, t.pointsEarned])).toEqual([
      ["check-in", "todo", 0],
      ["quiz", "done", 20],
      ["upcoming", "upcoming", 0],
      ["ended", "ended", 0],
      ["invite-2", "todo", 0],
      ["invite-5", "todo", 0],
      ["send", "todo", 0],
    ]);
  });

  it("is cached per user until a credit or a task edit, which the next list shows at once", async () => {
    const db = handle.db;
    const me = (await createTestSession(randomAddress(), { db })).session;
    const who = { userId: me.userId, address: me.address };
    await listTasks(db, who, { now: NOW, chain: null });
    const warm = await countQueries(() => listTasks(db, who, { now: NOW, chain: null }));
    // PGlite: only the friends' progress (clock- and friend-dependent) is read; PostgreSQL: both.
    expect(warm.queries).toBe(handle.kind === "pglite" ? 1 : 2);
    expect(warm.result.find((t) => t.id === "check-in")?.status).toBe("todo");

    await verifyTask(db, who, "check-in", { now: NOW, chain: null });
    expect(
      (await listTasks(db, who, { now: NOW, chain: null })).find((t) => t.id === "check-in"),
    ).toMatchObject({
      status: "done",
      pointsEarned: 10,
    });

    await updateTask(db, "0x00000000000000000000000000000000000000aa", "send", { title: "Send a transfer" });
    expect((await listTasks(db, who, { now: NOW, chain: null })).find((t) => t.id === "send")?.title).toBe(
      "Send a transfer",
    );
    // The seed (tasks the console has not edited).
    await upsertTasks(
      db,
      parseTasksYaml(
        '- { id: ended, title: Over again, description: Gone., type: daily_checkin, points: 5, end: "2026-05-01T00:00:00Z", order: 4 }',
      ),
    );
    expect((await listTasks(db, who, { now: NOW, chain: null })).find((t) => t.id === "ended")?.title).toBe(
      "Over again",
    );
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { balanceOf } from "@/features/points/server";
import { ApiError } from "@/server/errors";
import { randomAddress } from "../../../test/accounts";
import { awayFromWindowEdge } from "../../../test/rate-window";
import { verifyTask } from "./server";
import { tasksTestDb, who } from "./testing";

// A quiz grades 3 complete answers per participant, quiz and UTC day, counted before grading
// (server/verifiers.ts `verifyQuiz`, docs/api.md "Quiz tries"): guessing all 36 combinations of
// a 3-question quiz takes days, not minutes.

const SITE = "http://localhost:3000";
const RIGHT = { a: 2, b: 0, c: 1 };
const WRONG = [
  { a: 0, b: 0, c: 1 },
  { a: 1, b: 0, c: 1 },
  { a: 3, b: 0, c: 1 },
  { a: 2, b: 1, c: 1 },
];

let handle: DbHandle;
beforeAll(async () => {
  handle = await tasksTestDb(`
- id: quiz
  title: Quiz
  description: Three questions.
  type: quiz
  points: 50
  params:
    questions:
      - { id: a, question: A?, options: ["1", "2", "3", "4"], answer: 2 }
      - { id: b, question: B?, options: ["x", "y", "z"], answer: 0 }
      - { id: c, question: C?, options: ["p", "q", "r"], answer: 1 }
`);
  // Every case needs its answers inside one day's window (they start at 00:00 UTC).
  await awayFromWindowEdge(86_400, 15_000);
});
afterAll(() => handle?.close());

const answer = (s: TestSession, answers: Record<string, number>) =>
  verifyTask(handle.db, who(s), "quiz", { answers, chain: null });

/** The answer, or the ApiError it was refused with. */
const settle = (p: Promise<unknown>) => p.catch((e: unknown) => e);

const refused = (e: unknown) => e instanceof ApiError && e.status === 429 && e.code === "QUIZ_TOO_MANY_WRONG";

/** Seconds from now to the next 00:00 UTC, when the day's window ends. */
const toMidnight = () => Math.ceil((86_400_000 - (Date.now() % 86_400_000)) / 1000);

describe("quiz tries", () => {
  it("a right first answer credits the quiz", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    expect(await answer(s, RIGHT)).toMatchObject({ verified: true, credited: true, points: 50 });
    expect(await balanceOf(handle.db, s.user.id)).toBe(50);
  });

  it("after 3 wrong answers even the right one is refused (429, Retry-After) until the day's window ends", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    for (const wrong of WRONG.slice(0, 3)) {
      expect(await answer(s, wrong)).toMatchObject({
        verified: false,
        message: "Not every answer is right. Read the questions again and retry.",
      });
    }
    const err = await settle(answer(s, RIGHT));
    expect(refused(err)).toBe(true);
    const retryAfter = Number((err as ApiError).headers["Retry-After"]);
    // The database clock decides the window; allow it a few seconds of skew from this process.
    expect(Math.abs(retryAfter - toMidnight())).toBeLessThan(5);
    expect((err as ApiError).message).toMatch(
      /^Too many wrong answers\. Try the quiz again in \d+ (hours?|minutes?|seconds?)\.$/,
    );
    expect(refused(await settle(answer(s, WRONG[3] as Record<string, number>)))).toBe(true);
    // An incomplete answer is not graded (which questions exist is public), so it costs nothing.
    expect((await answer(s, { a: 2 })).message).toBe("Answer all 3 questions, then check again.");
    expect(await balanceOf(handle.db, s.user.id)).toBe(0);

    // The window ends (its rows moved a day back, as if the clock had passed 00:00 UTC).
    await handle.db.execute(sql`UPDATE rate_limits SET window_start = window_start - interval '1 day'
      WHERE key LIKE ${`%quiz-tries:quiz:${s.user.id}`}`);
    expect(await answer(s, RIGHT)).toMatchObject({ verified: true, credited: true });
    expect(await balanceOf(handle.db, s.user.id)).toBe(50);
  });

  it("parallel answers are capped: 3 are graded, the others refused without being graded", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => settle(answer(s, WRONG[i % 4] ?? {}))),
    );
    expect(results.filter(refused)).toHaveLength(7);
    expect(results.filter((r) => (r as { verified?: boolean }).verified === false)).toHaveLength(3);
  });

  it("a burst of every combination grades 3 of them, whichever they are", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const all: Record<string, number>[] = [];
    for (let a = 0; a < 4; a++) for (let b = 0; b < 3; b++) for (let c = 0; c < 3; c++) all.push({ a, b, c });
    const results = await Promise.all(all.map((x) => settle(answer(s, x))));
    expect(results.filter(refused)).toHaveLength(33);
    // The right one is credited only if it happened to be among the 3 graded.
    expect(await balanceOf(handle.db, s.user.id)).toBe(
      results.some((r) => (r as { credited?: boolean }).credited) ? 50 : 0,
    );
  });

  it("the route answers 429 QUIZ_TOO_MANY_WRONG with Retry-After and the message the card shows", async () => {
    const verify = (await import("@/app/api/tasks/[id]/verify/route")).POST as (
      req: Request,
      ctx: unknown,
    ) => Promise<Response>;
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const post = (answers: Record<string, number>) =>
      verify(
        new Request(`${SITE}/api/tasks/quiz/verify`, {
          method: "POST",
          headers: { origin: SITE, cookie: s.cookieHeader, "content-type": "application/json" },
          body: JSON.stringify({ answers }),
        }),
        { params: Promise.resolve({ id: "quiz" }) },
      );
    for (const wrong of WRONG.slice(0, 3)) expect((await post(wrong)).status).toBe(200);
    const res = await post(RIGHT);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await res.json();
    expect(body.error.code).toBe("QUIZ_TOO_MANY_WRONG");
    expect(body.error.message).toMatch(/^Too many wrong answers\. Try the quiz again in /);
  });
});

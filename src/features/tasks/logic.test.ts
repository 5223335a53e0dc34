import { describe, expect, it } from "vitest";
import {
  gradeQuiz,
  missingStakeMessage,
  missingSwapMessage,
  nextUtcMidnight,
  quizLockedMessage,
  quizMessage,
  recurrencePeriod,
  swapAmountForToken,
  taskSourceKey,
  utcDay,
  utcMinute,
  utcWeekStart,
  waitInWords,
} from "./logic";

describe("daily keys", () => {
  it("use the UTC day, whatever the local time", () => {
    expect(utcDay(new Date("2026-03-01T23:59:59.999Z"))).toBe("2026-03-01");
    expect(utcDay(new Date("2026-03-02T00:00:00.000Z"))).toBe("2026-03-02");
    expect(nextUtcMidnight(new Date("2026-12-31T10:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
  it("are per day for daily tasks and once otherwise", () => {
    const now = new Date("2026-05-05T12:00:00Z");
    expect(taskSourceKey({ id: "checkin", repeat: "daily" }, "u1", now)).toBe("task:checkin:u1:2026-05-05");
    expect(taskSourceKey({ id: "faucet", repeat: "once" }, "u1", now)).toBe("task:faucet:u1");
  });
});

describe("weekly periods (ISO weeks, Monday 00:00 UTC)", () => {
  it("start on Monday whatever the weekday, across months and years", () => {
    // 2026-06-01 is a Monday; 2026-06-07 a Sunday.
    expect(utcWeekStart(new Date("2026-06-01T00:00:00Z")).toISOString()).toBe("2026-06-01T00:00:00.000Z");
    expect(utcWeekStart(new Date("2026-06-07T23:59:59.999Z")).toISOString()).toBe("2026-06-01T00:00:00.000Z");
    expect(utcWeekStart(new Date("2026-06-08T00:00:00Z")).toISOString()).toBe("2026-06-08T00:00:00.000Z");
    // 2027-01-01 is a Friday: its week began on Monday 2026-12-28.
    expect(utcWeekStart(new Date("2027-01-01T12:00:00Z")).toISOString()).toBe("2026-12-28T00:00:00.000Z");
  });
  it("give one key per week and the instant the task opens again", () => {
    const sunday = new Date("2026-06-07T23:59:59.999Z");
    const monday = new Date("2026-06-08T00:00:00.000Z");
    const task = { id: "weekly-swap", repeat: "weekly" as const };
    expect(taskSourceKey(task, "u1", sunday)).toBe("task:weekly-swap:u1:W2026-06-01");
    expect(taskSourceKey(task, "u1", new Date("2026-06-01T00:00:00Z"))).toBe(
      "task:weekly-swap:u1:W2026-06-01",
    );
    expect(taskSourceKey(task, "u1", monday)).toBe("task:weekly-swap:u1:W2026-06-08");
    expect(recurrencePeriod("weekly", sunday)).toEqual({
      key: "W2026-06-01",
      start: new Date("2026-06-01T00:00:00Z"),
      end: monday,
    });
  });
  it("daily periods span one UTC day; a one-time task has no window", () => {
    expect(recurrencePeriod("daily", new Date("2026-06-07T13:00:00+05:00"))).toEqual({
      key: "2026-06-07",
      start: new Date("2026-06-07T00:00:00Z"),
      end: new Date("2026-06-08T00:00:00Z"),
    });
    expect(recurrencePeriod("once", new Date())).toEqual({ key: null, start: null, end: null });
  });
});

describe("swapAmountForToken", () => {
  const pair = { token0: "0xAAA", token1: "0xbbb" };
  it("reads the token's side of the pair, in or out", () => {
    expect(
      swapAmountForToken(
        { amount0In: "0", amount1In: "500", amount0Out: "7", amount1Out: "0" },
        pair,
        "0xbbb",
      ),
    ).toBe(500n);
    expect(
      swapAmountForToken(
        { amount0In: "0", amount1In: "500", amount0Out: "7", amount1Out: "0" },
        pair,
        "0xaaa",
      ),
    ).toBe(7n);
  });
  it("is zero for a token outside the pair", () => {
    expect(swapAmountForToken({ amount0In: "1", amount1Out: "1" }, pair, "0xccc")).toBe(0n);
  });
});

describe("quiz grading", () => {
  const questions = [
    { id: "a", answer: 1 },
    { id: "b", answer: 0 },
  ];
  it("passes only with every answer right", () => {
    expect(gradeQuiz(questions, { a: 1, b: 0 })).toEqual({ correct: 2, total: 2, unanswered: 0 });
    expect(quizMessage(gradeQuiz(questions, { a: 1, b: 0 }))).toBe("All answers are right.");
    expect(quizMessage(gradeQuiz(questions, { a: 0, b: 0 }))).toBe(
      "Not every answer is right. Read the questions again and retry.",
    );
    expect(quizMessage(gradeQuiz(questions, { a: 1 }))).toBe("Answer all 2 questions, then check again.");
  });
  it("says nothing of how many answers are right (no guessing one question at a time)", () => {
    const none = quizMessage(gradeQuiz(questions, { a: 0, b: 1 }));
    expect(quizMessage(gradeQuiz(questions, { a: 1, b: 1 }))).toBe(none);
    expect(quizMessage(gradeQuiz(questions, { a: 0, b: 0 }))).toBe(none);
  });
  it("ignores answers to unknown questions", () => {
    expect(gradeQuiz(questions, { a: 1, b: 0, zzz: 3 }).correct).toBe(2);
  });
  it("counts a question named like an Object.prototype key as unanswered until it is answered", () => {
    // `answers.constructor` is Object's own function when the participant skipped that question.
    const proto = [
      { id: "constructor", answer: 0 },
      { id: "a", answer: 1 },
    ];
    expect(gradeQuiz(proto, { a: 1 })).toEqual({ correct: 1, total: 2, unanswered: 1 });
    expect(quizMessage(gradeQuiz(proto, { a: 1 }))).toBe("Answer all 2 questions, then check again.");
    expect(gradeQuiz(proto, JSON.parse('{"constructor": 0, "a": 1}'))).toEqual({
      correct: 2,
      total: 2,
      unanswered: 0,
    });
    expect(gradeQuiz(proto, Object.assign(Object.create(null), { constructor: 1, a: 1 }))).toEqual({
      correct: 1,
      total: 2,
      unanswered: 0,
    });
  });
});

describe("messages", () => {
  it("say what is missing in plain words", () => {
    expect(missingSwapMessage("10", "tUSD", "0xabc0000000000000000000000000000000000def")).toBe(
      "No swap of at least 10 tUSD from 0xabc0…0def seen yet; swaps appear a few seconds after they confirm.",
    );
    expect(
      missingStakeMessage("2.5", "10", "WAURUM", "0xabc0000000000000000000000000000000000def"),
    ).toContain("has staked 2.5 of the 10 WAURUM needed");
  });
});

describe("the quiz's refusal after too many wrong answers", () => {
  it("says how long to wait in words, rounded up so the quiz is open by then", () => {
    expect(quizLockedMessage(3 * 3600)).toBe("Too many wrong answers. Try the quiz again in 3 hours.");
    expect(waitInWords(2 * 3600 + 1)).toBe("3 hours");
    expect(waitInWords(2 * 3600)).toBe("2 hours");
    expect(waitInWords(90 * 60)).toBe("90 minutes");
    expect(waitInWords(61)).toBe("61 seconds");
    expect(waitInWords(120)).toBe("2 minutes");
    expect(waitInWords(1)).toBe("1 second");
    expect(waitInWords(0)).toBe("1 second");
  });

  it("prints instants as the cards do", () => {
    expect(utcMinute("2026-07-01T00:00:00.000Z")).toBe("2026-07-01 00:00 UTC");
  });
});

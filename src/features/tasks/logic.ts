import { shortenAddress } from "@/lib/address";
import type { Recurrence } from "./definitions";

// Pure parts of task verification (unit-tested in logic.test.ts).

/** The UTC calendar day of an instant, `YYYY-MM-DD`: daily tasks reset at 00:00 UTC. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** An ISO instant as the cards print it: `2026-07-01 00:00 UTC`. */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/** 00:00 UTC of the day after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Monday 00:00 UTC of the ISO week holding `now` (ISO 8601 weeks start on Monday). */
export function utcWeekStart(now: Date): Date {
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - sinceMonday));
}

/**
 * The completion window of a recurring task at `now`: [start, end) and the key that names it in
 * the ledger. A one-time task has a single unbounded window (all nulls).
 */
export type Period = { key: string | null; start: Date | null; end: Date | null };

export function recurrencePeriod(repeat: Recurrence, now: Date): Period {
  if (repeat === "daily") {
    const end = nextUtcMidnight(now);
    return { key: utcDay(now), start: new Date(end.getTime() - DAY_MS), end };
  }
  if (repeat === "weekly") {
    const start = utcWeekStart(now);
    return { key: `W${utcDay(start)}`, start, end: new Date(start.getTime() + 7 * DAY_MS) };
  }
  return { key: null, start: null, end: null };
}

const DAY_MS = 86_400_000;

/**
 * The ledger source key of a task credit: once per user, or once per user and period (UTC day,
 * ISO week from Monday). The unique constraint on it is what makes a credit exactly-once per
 * period however many requests race (docs/ARCHITECTURE.md, "Task types").
 */
export function taskSourceKey(task: { id: string; repeat: Recurrence }, userId: string, now: Date): string {
  const { key } = recurrencePeriod(task.repeat, now);
  return key ? `task:${task.id}:${userId}:${key}` : `task:${task.id}:${userId}`;
}

/** What the participant reads when the task is already done in this period. */
export function alreadyDoneMessage(repeat: Recurrence): string {
  if (repeat === "daily") return "Already done today; come back after 00:00 UTC.";
  if (repeat === "weekly") return "Already done this week; it opens again on Monday at 00:00 UTC.";
  return "Already done.";
}

type SwapArgs = Partial<Record<"amount0In" | "amount1In" | "amount0Out" | "amount1Out", string | number>>;

/**
 * How much of `token` one pair Swap event moved (in or out): the larger of its in and out amounts
 * for that side of the pair, or 0 when the token is not in the pair.
 */
export function swapAmountForToken(
  args: SwapArgs,
  pair: { token0: string; token1: string },
  token: string,
): bigint {
  const t = token.toLowerCase();
  const big = (v: string | number | undefined) => BigInt(v ?? 0);
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  if (pair.token0.toLowerCase() === t) return max(big(args.amount0In), big(args.amount0Out));
  if (pair.token1.toLowerCase() === t) return max(big(args.amount1In), big(args.amount1Out));
  return 0n;
}

export type QuizGrade = { correct: number; total: number; unanswered: number };

/**
 * The answer given to one question, or undefined: own keys only, so a question id such as
 * `constructor` is not "answered" by Object.prototype (the quiz card reads answers the same way).
 */
export function answerOf(answers: Readonly<Record<string, number>>, id: string): number | undefined {
  return Object.hasOwn(answers, id) ? answers[id] : undefined;
}

/** Compares answers (question id → option index) with the correct ones, on the server only. */
export function gradeQuiz(
  questions: readonly { id: string; answer: number }[],
  answers: Readonly<Record<string, number>>,
): QuizGrade {
  let correct = 0;
  let unanswered = 0;
  for (const q of questions) {
    const a = answerOf(answers, q.id);
    if (a === undefined) unanswered++;
    else if (a === q.answer) correct++;
  }
  return { correct, total: questions.length, unanswered };
}

/**
 * Right or wrong as a whole: saying how many answers are right would let a bot find the answers
 * one question at a time (at most options × questions tries, within the verify rate limit) instead
 * of guessing every combination.
 */
export function quizMessage(g: QuizGrade): string {
  if (g.unanswered > 0) return `Answer all ${g.total} questions, then check again.`;
  if (g.correct === g.total) return "All answers are right.";
  return "Not every answer is right. Read the questions again and retry.";
}

/**
 * Wrong quiz answers a participant may give per quiz and UTC day (verifiers.ts `verifyQuiz`). The
 * answer is right or wrong as a whole, so without a cap a bot tries every combination (the seeded
 * quiz has 36) within minutes; with it, 3 guesses a day. A right answer completes the task, so
 * only wrong ones can ever use the budget up.
 */
export const QUIZ_WRONG_PER_DAY = 3;

/** How long until the quiz can be tried again, in words: "3 hours", "45 minutes", "1 second" (rounded up). */
export function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const s = Math.max(1, Math.ceil(seconds));
  // Hours from two on ("90 minutes" reads better than "2 hours" for 1 h 30 m); always rounded up,
  // so the participant is never told a time at which the quiz is still closed.
  if (s >= 7200) return plural(Math.ceil(s / 3600), "hour");
  if (s >= 120) return plural(Math.ceil(s / 60), "minute");
  return plural(s, "second");
}

/** The 429 message once a quiz's wrong answers of the day are used up. */
export function quizLockedMessage(retryAfterSeconds: number): string {
  return `Too many wrong answers. Try the quiz again in ${waitInWords(retryAfterSeconds)}.`;
}

export const SEEN_SOON = "appear a few seconds after they confirm";

export function missingSwapMessage(amount: string, symbol: string, address: string): string {
  return `No swap of at least ${amount} ${symbol} from ${shortenAddress(address)} seen yet; swaps ${SEEN_SOON}.`;
}

export function missingStakeMessage(staked: string, amount: string, symbol: string, address: string): string {
  return staked === "0"
    ? `No stake from ${shortenAddress(address)} seen yet; you need at least ${amount} ${symbol} staked. Stakes ${SEEN_SOON}.`
    : `${shortenAddress(address)} has staked ${staked} of the ${amount} ${symbol} needed; stakes ${SEEN_SOON}.`;
}

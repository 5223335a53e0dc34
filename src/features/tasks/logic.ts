import { shortenAddress } from "@/lib/address";

// Pure parts of task verification (unit-tested in logic.test.ts).

/** The UTC calendar day of an instant, `YYYY-MM-DD`: daily tasks reset at 00:00 UTC. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** 00:00 UTC of the day after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * The ledger source key of a task credit: once per user, or once per user and UTC day. The unique
 * constraint on it is what makes a credit exactly-once.
 */
export function taskSourceKey(
  task: { id: string; repeat: "once" | "daily" },
  userId: string,
  now: Date,
): string {
  return task.repeat === "daily" ? `task:${task.id}:${userId}:${utcDay(now)}` : `task:${task.id}:${userId}`;
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

/** Compares answers (question id → option index) with the correct ones, on the server only. */
export function gradeQuiz(
  questions: readonly { id: string; answer: number }[],
  answers: Readonly<Record<string, number>>,
): QuizGrade {
  let correct = 0;
  let unanswered = 0;
  for (const q of questions) {
    const a = answers[q.id];
    if (a === undefined) unanswered++;
    else if (a === q.answer) correct++;
  }
  return { correct, total: questions.length, unanswered };
}

export function quizMessage(g: QuizGrade): string {
  if (g.unanswered > 0) return `Answer all ${g.total} questions, then check again.`;
  if (g.correct === g.total) return "All answers are right.";
  return `${g.correct} of ${g.total} answers are right. Read the questions again and retry.`;
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

import { z } from "zod";

// Task types and their parameters (client-safe: the YAML seeder, the server verifiers and the
// cards share these). Server verifiers are in server/registry.ts, cards in components/cards.

export const TASK_TYPES = [
  "daily_checkin",
  "faucet_claim",
  "swap",
  "add_liquidity",
  "stake",
  "claim_reward",
  "send",
  "invite_friends",
  "read_article",
  "quiz",
  "airdrop_claim",
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const isTaskType = (s: string): s is TaskType => (TASK_TYPES as readonly string[]).includes(s);

/**
 * How often a task can be completed: once, once per UTC day (resets 00:00 UTC) or once per ISO
 * week (resets Monday 00:00 UTC). See logic.ts `recurrencePeriod`.
 */
export const RECURRENCES = ["once", "daily", "weekly"] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/**
 * Whether a type may repeat daily or weekly: only when its verifier counts just what was done in
 * the current period (`VerifyContext.since`). Otherwise one action would be paid again every
 * period, so the task file, the console and the task list refuse it (docs/ARCHITECTURE.md "Task types").
 */
export const TASK_TYPE_REPEATS = {
  daily_checkin: true, // the verify request itself is the check-in of the period
  faucet_claim: true, // a confirmed faucet claim made in the period (the faucet's cooldown spaces them)
  swap: true, // indexed swaps with their block time in the period
  add_liquidity: true, // indexed deposits with their block time in the period
  stake: true, // indexed stakes with their block time in the period
  claim_reward: true, // indexed reward claims with their block time in the period
  send: true, // indexed transfers with their block time in the period
  quiz: true, // the answers come with each verify request, so each period needs its own answers
  // Qualification is worked out from the friends' state and has no time of its own: the same
  // friends would count again every period.
  invite_friends: false,
  // One read per participant and article is recorded: a later period can never hold a new one.
  read_article: false,
  // An allocation is claimed on chain once: a later period can never hold a new claim of it.
  airdrop_claim: false,
} as const satisfies Record<TaskType, boolean>;

/** The recurrences a task of this type may have: every one, or only `once`. */
export function recurrencesFor(type: TaskType): readonly Recurrence[] {
  return TASK_TYPE_REPEATS[type] ? RECURRENCES : ["once"];
}

/**
 * The recurrence a task of this type has: `repeat` if the type allows it, else `once` (a row saved
 * before its type was limited, and the console form when the type changes).
 */
export function allowedRepeat(type: TaskType, repeat: Recurrence): Recurrence {
  return recurrencesFor(type).includes(repeat) ? repeat : "once";
}

/** Why this type cannot have this recurrence (the 400 message of the console and the file), or null. */
export function recurrenceError(type: TaskType, repeat: Recurrence): string | null {
  if (recurrencesFor(type).includes(repeat)) return null;
  return `${type} tasks cannot repeat ${repeat}: their completion cannot be counted per period, so one action would pay again every period; use once`;
}

const decimalAmount = z
  .string()
  .regex(/^\d{1,18}(\.\d{1,18})?$/, "a decimal amount such as 10 or 0.5")
  .refine((s) => /[1-9]/.test(s), "more than zero");
const tokenSymbol = z.string().regex(/^[A-Za-z0-9]{2,12}$/, "a token symbol such as tUSD");

const quizQuestion = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    question: z.string().min(1).max(300),
    options: z.array(z.string().min(1).max(200)).min(2).max(6),
    /** Index of the correct option. Server only: never sent to the client. */
    answer: z.number().int().min(0),
  })
  .refine((q) => q.answer < q.options.length, "answer must be the index of one of the options");

export const taskParamsSchemas = {
  daily_checkin: z.object({}).strict(),
  faucet_claim: z.object({}).strict(),
  swap: z.object({ token: tokenSymbol, amount: decimalAmount }).strict(),
  add_liquidity: z.object({}).strict(),
  stake: z.object({ amount: decimalAmount }).strict(),
  claim_reward: z.object({}).strict(),
  send: z.object({}).strict(),
  invite_friends: z.object({ count: z.number().int().min(1).max(1000) }).strict(),
  read_article: z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,120}$/) }).strict(),
  quiz: z
    .object({ questions: z.array(quizQuestion).min(1).max(20) })
    .strict()
    .refine(
      (p) => new Set(p.questions.map((q) => q.id)).size === p.questions.length,
      "question ids must differ",
    ),
  // A round id to require that round's claim; without it, a claim in any published round counts.
  airdrop_claim: z.object({ round: z.uuid().optional() }).strict(),
} as const satisfies Record<TaskType, z.ZodType>;

export type TaskParams<T extends TaskType> = z.infer<(typeof taskParamsSchemas)[T]>;

/** What the client may see of a task's parameters: everything but the quiz's correct answers. */
export type PublicQuizQuestion = { id: string; question: string; options: string[] };
export type PublicTaskParams = Record<string, string | number> | { questions: PublicQuizQuestion[] };

export function publicParams(type: TaskType, params: unknown): PublicTaskParams {
  if (type === "quiz") {
    const p = taskParamsSchemas.quiz.parse(params);
    return { questions: p.questions.map(({ id, question, options }) => ({ id, question, options })) };
  }
  return { ...(params as Record<string, string | number>) };
}

/** On-chain tasks unlock the referrer's bonus (issue 6: "only once the friend has completed…"). */
export const ONCHAIN_TASK_TYPES = [
  "faucet_claim",
  "swap",
  "add_liquidity",
  "stake",
  "claim_reward",
  "send",
  "airdrop_claim",
] as const satisfies readonly TaskType[];

/** Quiz body of `POST /api/tasks/{id}/verify`: question id → chosen option index. */
export const verifyBodySchema = z
  .object({
    answers: z.record(z.string().max(40), z.number().int().min(0).max(20)).optional(),
  })
  .strict();

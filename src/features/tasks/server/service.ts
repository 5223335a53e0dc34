import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type TaskRow, tasks } from "@/db/schema";
import { creditPoints, rankingCached, rowsOf } from "@/features/points/server";
import { creditReferralBonuses, referralSharePercent } from "@/features/referrals/server";
import { conflict, forbidden, notFound } from "@/server/errors";
import { logger } from "@/server/logger";
import { emitEvent } from "@/server/webhook-outbox";
import { allowedRepeat, isTaskType, publicParams, type TaskType, taskParamsSchemas } from "../definitions";
import { alreadyDoneMessage, recurrencePeriod, taskSourceKey } from "../logic";
import type { TaskPreview, TaskStatus, TaskView, VerifyResult } from "../schema";
import { type ChainContext, currentChainContext } from "./chain";
import { tasksVersion } from "./definitions-version";
import { definitionOf } from "./registry";
import { lockTaskRepeat } from "./repeat-lock";
import type { Progress, VerifyContext } from "./verifiers";

type Who = { userId: string; address: string };

const TASK_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * A seeded task whose type and params are valid; rows that are not (an old file) are skipped. A
 * row saved before its type was limited to `once` (definitions.ts `TASK_TYPE_REPEATS`) counts as
 * `once`: repeating, it would pay the same action again every period.
 */
function usable(row: TaskRow): (TaskRow & { type: TaskType }) | null {
  if (!isTaskType(row.type) || !taskParamsSchemas[row.type].safeParse(row.params).success) {
    logger.warn({ task: row.id }, "task row with an unknown type or invalid params is skipped");
    return null;
  }
  const repeat = allowedRepeat(row.type, row.repeat);
  if (repeat !== row.repeat) {
    logger.warn({ task: row.id, repeat: row.repeat }, "task of a type that cannot repeat counts once");
    return { ...row, type: row.type, repeat };
  }
  return row as TaskRow & { type: TaskType };
}

/** Points credited per task (all days) and the source keys the user already has. */
async function creditsOf(db: Db, userId: string) {
  const result = await db.execute(sql`
    SELECT task_id, source_key, points FROM points_ledger WHERE user_id = ${userId} AND source = 'task'`);
  const keys = new Set<string>();
  const earned = new Map<string, number>();
  for (const r of rowsOf<{ task_id: string; source_key: string; points: number }>(result)) {
    keys.add(r.source_key);
    earned.set(r.task_id, (earned.get(r.task_id) ?? 0) + Number(r.points));
  }
  return { keys, earned };
}

function statusOf(row: TaskRow, done: boolean, progress: Progress | null, now: Date): TaskStatus {
  if (done) return "done";
  if (row.startsAt && now < row.startsAt) return "upcoming";
  if (row.endsAt && now > row.endsAt) return "ended";
  if (progress && progress.current > 0 && progress.current < progress.total) return "in_progress";
  return "todo";
}

function view(
  row: TaskRow & { type: TaskType },
  opts: { done: boolean; progress: Progress | null; earned: number; now: Date },
): TaskView {
  const resetsAt = recurrencePeriod(row.repeat, opts.now).end?.toISOString() ?? null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    hint: row.hint,
    type: row.type,
    params: publicParams(row.type, row.params),
    points: row.points,
    repeat: row.repeat,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    status: statusOf(row, opts.done, opts.progress, opts.now),
    progress: opts.progress,
    pointsEarned: opts.earned,
    resetsAt,
    nextAt: opts.done ? resetsAt : null,
  };
}

function contextFor(
  db: Db,
  who: Who,
  row: TaskRow,
  now: Date,
  chain: ChainContext | null,
  answers = {},
  once: VerifyContext["once"] = (_key, load) => load(),
): VerifyContext {
  // A recurring task counts only what was done in its current period (the completion window).
  const { start: since, end: until } = recurrencePeriod(row.repeat, now);
  return {
    db,
    taskId: row.id,
    userId: who.userId,
    address: who.address.toLowerCase(),
    now,
    since,
    until,
    repeat: row.repeat,
    answers,
    chain,
    once,
  };
}

async function progressOf(row: TaskRow & { type: TaskType }, ctx: VerifyContext): Promise<Progress | null> {
  const def = definitionOf(row.type);
  return def.progress ? def.progress(ctx, row.params as never) : null;
}

// Qualified by hand: in a one-table select Drizzle prints bare "id", which the subquery would
// resolve to points_ledger.id.
const TASKS_ID = sql.raw(`"tasks"."id"`);

/** A listed task's own credits, read with it: `{ k: source_key, p: points }`, null when none. */
type CreditCell = { k: string; p: number | string }[] | null;

/**
 * `GET /api/tasks`: every task in order, with the user's state. A constant number of queries
 * whatever the number of tasks (issue 11, docs/ARCHITECTURE.md "Caching"): one statement reads the
 * tasks with this user's task credits, and progress sources are read once per listing (`once`).
 */
export async function listTasks(
  db: Db,
  who: Who,
  opts: { now?: Date; chain?: ChainContext | null } = {},
): Promise<TaskView[]> {
  const now = opts.now ?? new Date();
  // Correlated per task on points_ledger_user_id_id_idx; the same rows creditsOf reads, grouped.
  // Cached per user until a ledger write or a task edit (ranking-cache.ts); what depends on the
  // clock, the chain and friends (done today, progress) is worked out below on every call.
  const rows = await rankingCached(
    db,
    "task-rows",
    who.userId,
    () =>
      db
        .select({
          task: tasks,
          credits: sql<CreditCell>`(SELECT json_agg(json_build_object('k', l.source_key, 'p', l.points))
            FROM points_ledger l
            WHERE l.user_id = ${who.userId}::uuid AND l.source = 'task' AND l.task_id = ${TASKS_ID})`,
        })
        .from(tasks)
        .orderBy(asc(tasks.sortOrder), asc(tasks.id)),
    { also: tasksVersion() },
  );
  const chain = opts.chain === undefined ? currentChainContext() : opts.chain;
  const once = onceFor();
  const out: TaskView[] = [];
  for (const { task: raw, credits } of rows) {
    const row = usable(raw);
    if (!row) continue;
    const cell = typeof credits === "string" ? (JSON.parse(credits) as CreditCell) : credits;
    const key = taskSourceKey(row, who.userId, now);
    const done = cell?.some((c) => c.k === key) ?? false;
    const earned = cell?.reduce((sum, c) => sum + Number(c.p), 0) ?? 0;
    const progress = done ? null : await progressOf(row, contextFor(db, who, row, now, chain, {}, once));
    out.push(view(row, { done, progress, earned, now }));
  }
  return out;
}

/**
 * The tasks as every user sees them, without anyone's state, in listTasks' order and selection:
 * the cards of /task's signed-in shell before the user's data is there.
 */
export async function listTaskCatalogue(db: Db): Promise<TaskPreview[]> {
  const rows = await db.select().from(tasks).orderBy(asc(tasks.sortOrder), asc(tasks.id));
  return rows.flatMap((raw) => {
    const row = usable(raw);
    if (!row) return [];
    const { id, title, description, hint, type, points, repeat } = row;
    return [{ id, title, description, hint, type, params: publicParams(type, row.params), points, repeat }];
  });
}

/** A per-listing memo: tasks sharing a progress source (e.g. qualified friends) read it once. */
function onceFor(): VerifyContext["once"] {
  const memo = new Map<string, Promise<unknown>>();
  return <T>(key: string, load: () => Promise<T>) => {
    let hit = memo.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      memo.set(key, hit);
    }
    return hit;
  };
}

async function taskById(db: Db, id: string) {
  if (!TASK_ID.test(id)) throw notFound(`No task with id "${id.slice(0, 64)}".`, "TASK_NOT_FOUND");
  const [raw] = await db.select().from(tasks).where(eq(tasks.id, id));
  const row = raw ? usable(raw) : null;
  if (!row) throw notFound(`No task with id "${id}".`, "TASK_NOT_FOUND");
  return row;
}

const day = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

/**
 * An excluded participant earns nothing (creditPoints inserts nothing for them, docs/api.md
 * "Campaign integrity"): verify says so instead of answering as if the task had been credited. The
 * faucet's refusal, word for word. Read here, not through the integrity feature's entry, which
 * reaches this one through the operator console (an import cycle).
 */
async function refuseIfExcluded(db: Db, address: string): Promise<void> {
  const result = await db.execute(
    sql`SELECT 1 AS x FROM participant_exclusions WHERE address = ${address.toLowerCase()}`,
  );
  if (rowsOf(result).length > 0) {
    throw forbidden(
      "This address is excluded from the campaign's rewards. See /rewards for the reason and to appeal.",
      "PARTICIPANT_EXCLUDED",
    );
  }
}

/**
 * `POST /api/tasks/{id}/verify`: runs the type's verifier and, when it passes, credits the task
 * exactly once (per UTC day or ISO week for recurring tasks) and the referrer's bonuses that this unlocks.
 */
export async function verifyTask(
  db: Db,
  who: Who,
  taskId: string,
  opts: { answers?: Record<string, number>; now?: Date; chain?: ChainContext | null } = {},
): Promise<VerifyResult> {
  const now = opts.now ?? new Date();
  const row = await taskById(db, taskId);
  if (row.startsAt && now < row.startsAt) {
    throw conflict(`This task opens on ${day(row.startsAt)} UTC.`, "TASK_NOT_STARTED");
  }
  const key = taskSourceKey(row, who.userId, now);
  const credits = await creditsOf(db, who.userId);
  const alreadyDone = credits.keys.has(key);
  if (!alreadyDone && row.endsAt && now > row.endsAt) {
    throw conflict(`This task ended on ${day(row.endsAt)} UTC.`, "TASK_ENDED");
  }
  const chain = opts.chain === undefined ? currentChainContext() : opts.chain;
  const ctx = contextFor(db, who, row, now, chain, opts.answers ?? {});
  const result = (verified: boolean, credited: boolean, message: string, progress: Progress | null) => {
    const earned = (credits.earned.get(row.id) ?? 0) + (credited ? row.points : 0);
    return {
      verified,
      credited,
      points: credited ? row.points : 0,
      message,
      task: view(row, { done: verified, progress, earned, now }),
    };
  };
  if (alreadyDone) return result(true, false, alreadyDoneMessage(row.repeat), null);
  // Before the verifier's reads: nothing it finds could be credited (the task stays to do).
  await refuseIfExcluded(db, who.address);
  const def = definitionOf(row.type);
  const outcome = await def.verify(ctx, row.params as never);
  if (!outcome.ok)
    return result(false, false, outcome.message, outcome.progress ?? (await progressOf(row, ctx)));

  // The credit and its webhook event commit together, so a crash cannot lose the event (docs/integrations.md).
  const { credited } = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The task row is held until the credit commits: the console and the seeder change `repeat`
    // only on a task without completions, after locking the row (repeat-lock.ts). A change that
    // committed since the row was read above keys the credit by the new repeat.
    const repeat = (await lockTaskRepeat(t, row.id)) ?? row.repeat;
    const sourceKey = repeat === row.repeat ? key : taskSourceKey({ id: row.id, repeat }, who.userId, now);
    const credit = await creditPoints(t, {
      userId: who.userId,
      points: row.points,
      reason: row.title,
      source: "task",
      sourceKey,
      taskId: row.id,
      onchain: def.onchain,
    });
    if (credit.credited) {
      await emitEvent(t, "task.completed", sourceKey, {
        address: who.address.toLowerCase(),
        taskId: row.id,
        points: row.points,
        completedAt: now.toISOString(),
      });
    }
    return credit;
  });
  // Not credited: a concurrent verify credited it first, or the participant was excluded meanwhile.
  if (!credited) await refuseIfExcluded(db, who.address);
  // Idempotent and cheap (only this user's entries): also repairs a bonus lost to a crash in between.
  await creditReferralBonuses(db, who.userId, await referralSharePercent(db));
  const message = credited ? `${outcome.message} +${row.points} points.` : alreadyDoneMessage(row.repeat);
  return result(true, credited, message, null);
}

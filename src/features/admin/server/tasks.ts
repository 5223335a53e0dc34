import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { consoleEdits, tasks } from "@/db/schema";
import { unchangedFields } from "@/db/unchanged";
import {
  recurrenceError,
  repeatChanges,
  type TaskType,
  taskHasCompletions,
  taskParamsSchemas,
  tasksChanged,
} from "@/features/tasks/server";
import { recordAudit } from "@/server/audit";
import { badRequest, conflict, notFound } from "@/server/errors";
import type { taskBodySchema, taskPatchSchema } from "../schema";
import { refuseStaleEdit } from "./edit-conflict";
import type { AdminTaskSaved, AdminTasks } from "./responses";
import { query } from "./sql";

// Tasks in the console. content/tasks.yaml seeds a fresh install; once an operator saves a task
// here it is marked in `console_edits` and the seeder leaves it alone (features/tasks/server/seed.ts).

type TaskBody = z.output<typeof taskBodySchema>;
type TaskPatch = z.output<typeof taskPatchSchema>;

export async function listAdminTasks(db: Db): Promise<AdminTasks> {
  const rows = await query<{
    id: string;
    title: string;
    description: string;
    type: string;
    params: Record<string, unknown>;
    points: number;
    repeat: string;
    hint: string | null;
    starts_at: Date | string | null;
    ends_at: Date | string | null;
    sort_order: number;
    updated_at: Date | string;
    edited: boolean;
    completions: string;
    people: string;
  }>(
    db,
    // One pass over the task credits for all tasks (points_ledger_task_user_idx, migration 0039),
    // not two subqueries per task that each read the whole ledger.
    sql`SELECT t.*, (e.id IS NOT NULL) AS edited,
          coalesce(c.completions, 0) AS completions, coalesce(c.people, 0) AS people
        FROM tasks t LEFT JOIN console_edits e ON e.kind = 'task' AND e.id = t.id
        LEFT JOIN (
          SELECT l.task_id, count(*) AS completions, count(DISTINCT l.user_id) AS people
          FROM points_ledger l WHERE l.source = 'task' GROUP BY l.task_id
        ) c ON c.task_id = t.id
        ORDER BY t.sort_order, t.id`,
  );
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  return {
    tasks: rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      type: r.type as TaskType,
      params: r.params,
      points: Number(r.points),
      repeat: r.repeat as AdminTaskSaved["repeat"],
      hint: r.hint,
      startsAt: iso(r.starts_at),
      endsAt: iso(r.ends_at),
      sortOrder: Number(r.sort_order),
      updatedAt: new Date(r.updated_at).toISOString(),
      editedInConsole: Boolean(r.edited),
      completions: Number(r.completions),
      participants: Number(r.people),
    })),
  };
}

function checkParams(type: TaskType, params: unknown) {
  const parsed = taskParamsSchemas[type].safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      `params${issue?.path.length ? `.${issue.path.join(".")}` : ""}: ${issue?.message ?? "invalid"}`,
      "INVALID_INPUT",
    );
  }
  return parsed.data as Record<string, unknown>;
}

/** How far ahead of this server's clock an end still counts as now: the console sends its own clock's. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The window to store. An end that has come (give or take the browser's clock) is a disable: the
 * console's "Disable now" sends `endsAt: now`, which for a task scheduled to start later is before
 * its start. Refusing it left no way to stop such a task; storing it as sent would keep a task that
 * ends before it starts. So the start is pulled back to the end: an empty window, a task that never
 * ran. An end still to come must be after the start.
 */
function windowToStore(startsAt: Date | null, endsAt: Date | null) {
  if (!startsAt || !endsAt || endsAt > startsAt) return { startsAt, endsAt };
  if (endsAt.getTime() <= Date.now() + CLOCK_SKEW_MS) return { startsAt: endsAt, endsAt };
  throw badRequest("The end must be after the start.", "INVALID_INPUT");
}

async function markEdited(db: Db, id: string, actor: string) {
  await db
    .insert(consoleEdits)
    .values({ kind: "task", id, editedBy: actor.toLowerCase() })
    .onConflictDoUpdate({
      target: [consoleEdits.kind, consoleEdits.id],
      set: { editedBy: actor.toLowerCase(), editedAt: new Date() },
    });
}

export async function createTask(db: Db, actor: string, body: TaskBody): Promise<AdminTaskSaved> {
  const params = checkParams(body.type, body.params);
  const { startsAt, endsAt } = windowToStore(
    body.startsAt ? new Date(body.startsAt) : null,
    body.endsAt ? new Date(body.endsAt) : null,
  );
  const row = {
    id: body.id,
    title: body.title,
    description: body.description,
    type: body.type,
    params,
    points: body.points,
    repeat: body.repeat,
    hint: body.hint || null,
    startsAt,
    endsAt,
    sortOrder: body.sortOrder,
  };
  const updatedAt = new Date();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [created] = await t
      .insert(tasks)
      .values({ ...row, updatedAt })
      .onConflictDoNothing()
      .returning({ id: tasks.id });
    if (!created) throw conflict(`A task with id ${body.id} already exists.`, "CONFLICT");
    // Cached task lists are read again (features/tasks/server/definitions-version.ts).
    tasksChanged();
    await markEdited(t, body.id, actor);
    await recordAudit(t, { actor, action: "tasks.create", target: `task:${body.id}`, after: row });
  });
  return {
    ...row,
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    updatedAt: updatedAt.toISOString(),
  };
}

export async function updateTask(
  db: Db,
  actor: string,
  id: string,
  patch: TaskPatch,
): Promise<AdminTaskSaved> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [prior] = await t.select().from(tasks).where(eq(tasks.id, id)).for("update");
    if (!prior) throw notFound("No task with this id.", "TASK_NOT_FOUND");
    refuseStaleEdit("task", prior.updatedAt, patch.baseUpdatedAt);
    const type = (patch.type ?? prior.type) as TaskType;
    const params = checkParams(type, patch.params ?? prior.params);
    // The schema checks a patch naming both; here one of them may be the stored value.
    const repeat = patch.repeat ?? prior.repeat;
    const repeatError = recurrenceError(type, repeat);
    if (repeatError) throw badRequest(`repeat: ${repeatError}`, "INVALID_INPUT");
    // Credits are keyed by the repeat (features/tasks/server/repeat-lock.ts): another one would pay
    // everyone who completed the task again. The row is held (FOR UPDATE above) against a credit
    // landing between this check and the update.
    if (repeatChanges(prior, { type, repeat }) && (await taskHasCompletions(t, id))) {
      throw conflict(
        "This task already has completions; create a new task instead of changing how often it repeats.",
        "CONFLICT",
      );
    }
    const { startsAt, endsAt } = windowToStore(
      patch.startsAt === undefined ? prior.startsAt : patch.startsAt ? new Date(patch.startsAt) : null,
      patch.endsAt === undefined ? prior.endsAt : patch.endsAt ? new Date(patch.endsAt) : null,
    );
    const next = {
      title: patch.title ?? prior.title,
      description: patch.description ?? prior.description,
      type,
      params,
      points: patch.points ?? prior.points,
      repeat,
      hint: patch.hint === undefined ? prior.hint : patch.hint || null,
      startsAt,
      endsAt,
      sortOrder: patch.sortOrder ?? prior.sortOrder,
    };
    // The form saved as it was writes nothing and adds no audit entry, as for the FAQ and the
    // settings (docs/api.md, "Operator console").
    const changed = !unchangedFields(next, prior);
    const updatedAt = changed ? new Date() : prior.updatedAt;
    if (changed) {
      await t
        .update(tasks)
        .set({ ...next, updatedAt })
        .where(eq(tasks.id, id));
      tasksChanged();
      await markEdited(t, id, actor);
      await recordAudit(t, {
        actor,
        action: "tasks.update",
        target: `task:${id}`,
        before: prior,
        after: next,
      });
    }
    return {
      id,
      ...next,
      repeat: next.repeat as AdminTaskSaved["repeat"],
      startsAt: startsAt?.toISOString() ?? null,
      endsAt: endsAt?.toISOString() ?? null,
      updatedAt: updatedAt.toISOString(),
    };
  });
}

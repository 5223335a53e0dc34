import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { allowedRepeat, isTaskType, type Recurrence } from "../definitions";

// A task credit's source key depends on how often the task repeats (logic.ts `taskSourceKey`):
// `task:{id}:{user}` once, `…:{YYYY-MM-DD}` daily, `…:W{monday}` weekly. Changing `repeat` once
// someone has completed the task would give them a key they do not have yet, so a second credit
// of the same task. The console refuses it (admin/server/tasks.ts) and the seeder keeps the stored
// value (seed.ts); verify holds the task row while it credits (service.ts), so neither can change
// it between their check and a credit.

/** The repeat a task's credits are keyed by: its own, or `once` for a type that cannot repeat (service.ts `usable`). */
export function effectiveRepeat(type: string, repeat: Recurrence): Recurrence {
  return isTaskType(type) ? allowedRepeat(type, repeat) : repeat;
}

/** Whether `next` keys this task's credits differently from `prior`. */
export function repeatChanges(
  prior: { type: string; repeat: Recurrence },
  next: { type: string; repeat: Recurrence },
): boolean {
  return effectiveRepeat(prior.type, prior.repeat) !== effectiveRepeat(next.type, next.repeat);
}

/** Whether anyone has been credited for this task (read inside the transaction that holds its row). */
export async function taskHasCompletions(db: Db, taskId: string): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 AS x FROM points_ledger WHERE source = 'task' AND task_id = ${taskId} LIMIT 1`,
  );
  return rowsOf(result).length > 0;
}

/**
 * The task's type and repeat, its row held until the transaction ends (KEY SHARE: concurrent
 * credits do not wait for each other, a console or seed update takes FOR UPDATE and waits). Null
 * when the row is gone.
 */
export async function lockTaskRepeat(db: Db, taskId: string): Promise<Recurrence | null> {
  const result = await db.execute(sql`SELECT type, repeat FROM tasks WHERE id = ${taskId} FOR KEY SHARE`);
  const row = rowsOf<{ type: string; repeat: Recurrence }>(result)[0];
  return row ? effectiveRepeat(row.type, row.repeat) : null;
}

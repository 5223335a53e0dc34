import { asc, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { tasks } from "@/db/schema";
import { isTaskType } from "@/features/tasks/server";
import type { completionResponse, publicTaskSchema } from "../schema";

/** The operator's tasks as quest platforms see them: id, title, type, points, schedule. */
export async function publicTasks(db: Db): Promise<z.infer<typeof publicTaskSchema>[]> {
  const rows = await db.select().from(tasks).orderBy(asc(tasks.sortOrder), asc(tasks.id));
  return rows.flatMap((r) =>
    isTaskType(r.type)
      ? [
          {
            id: r.id,
            title: r.title,
            type: r.type,
            points: r.points,
            repeat: r.repeat,
            startsAt: r.startsAt?.toISOString() ?? null,
            endsAt: r.endsAt?.toISOString() ?? null,
          },
        ]
      : [],
  );
}

export async function taskExists(db: Db, taskId: string): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 FROM tasks WHERE id = ${taskId}`);
  return rowsOf(r).length > 0;
}

/**
 * Whether an address completed a task: a task credit in the points ledger (the same fact the
 * participant's task list shows). For a daily task, the latest completion. An address the
 * integrity review excluded counts as not completed, whatever it was credited before: the
 * campaign leaves it off every list and rank, and a quest platform must not reward it on the
 * campaign's word either.
 */
export async function completionOf(
  db: Db,
  taskId: string,
  address: string,
): Promise<z.infer<typeof completionResponse>> {
  const a = address.toLowerCase();
  const result = await db.execute(sql`
    SELECT
      (SELECT max(l.created_at) FROM points_ledger l JOIN users u ON u.id = l.user_id
       WHERE u.address = ${a} AND l.task_id = ${taskId} AND l.source = 'task') AS completed_at,
      EXISTS (SELECT 1 FROM participant_exclusions e WHERE e.address = ${a}) AS excluded`);
  const row = rowsOf<{ completed_at: string | Date | null; excluded: boolean }>(result)[0];
  const excluded = row?.excluded === true;
  const at = excluded ? null : (row?.completed_at ?? null);
  return {
    address,
    taskId,
    completed: at !== null,
    completedAt: at === null ? null : new Date(at).toISOString(),
    result: at === null ? 0 : 1,
    excluded,
  };
}

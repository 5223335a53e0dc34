import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { parse as parseYaml } from "yaml";
import type { Db } from "@/db/client";
import { consoleEditedIds } from "@/db/console-edits";
import { tasks } from "@/db/schema";
import { unchangedFields } from "@/db/unchanged";
import { logger } from "@/server/logger";
import { type TaskEntry, tasksFileSchema } from "../file-schema";
import { tasksChanged } from "./definitions-version";
import { effectiveRepeat, repeatChanges, taskHasCompletions } from "./repeat-lock";

export class TasksFileError extends Error {
  override name = "TasksFileError";
}

/** Parses and validates the YAML text of content/tasks.yaml; errors name the task and field. */
export function parseTasksYaml(text: string, source = "content/tasks.yaml"): TaskEntry[] {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (err) {
    throw new TasksFileError(`${source} is not valid YAML: ${(err as Error).message}`);
  }
  const parsed = tasksFileSchema.safeParse(data ?? []);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "(top level)";
    throw new TasksFileError(`${source} is invalid at ${where}: ${issue?.message ?? "unknown problem"}`);
  }
  return parsed.data;
}

/**
 * Upserts tasks by id (an edited file updates its rows; tasks removed from the file stay, so credits
 * keep their task). A task someone has completed keeps its stored `repeat` (a warning is logged):
 * another one would key its credits differently and pay the same participants again
 * (repeat-lock.ts). To repeat differently, add a new task.
 */
export async function upsertTasks(db: Db, entries: TaskEntry[]): Promise<{ tasks: number }> {
  // Tasks saved in the operator console belong to the database from then on (issue 14).
  const edited = await consoleEditedIds(db, "task");
  for (const t of entries) {
    if (edited.has(t.id)) continue;
    const row = {
      id: t.id,
      title: t.title,
      description: t.description,
      type: t.type,
      params: t.params,
      points: t.points,
      repeat: t.repeat,
      hint: t.hint ?? null,
      startsAt: t.start ?? null,
      endsAt: t.end ?? null,
      sortOrder: t.order,
    };
    await db.transaction(async (tx) => {
      const d = tx as unknown as Db;
      // Held until the upsert commits, so no credit lands between the check and the write.
      const [stored] = await d.select().from(tasks).where(eq(tasks.id, t.id)).for("update");
      // Asked again under the row lock: a console save that committed while this seed ran (the
      // worker seeds while web processes serve) wrote its console_edits row before releasing the
      // task row, so it is seen here and the file does not overwrite it.
      if (stored && (await consoleEditedIds(d, "task", [t.id])).size > 0) return;
      if (stored && repeatChanges(stored, row) && (await taskHasCompletions(d, t.id))) {
        // The file's type with the stored repeat may still key credits differently (a type that
        // cannot repeat): then the stored task is left as it is.
        const keeps =
          effectiveRepeat(row.type, stored.repeat) === effectiveRepeat(stored.type, stored.repeat);
        logger.warn(
          { task: t.id, stored: stored.repeat, file: t.repeat },
          keeps
            ? "task already has completions: it keeps its stored repeat (add a new task to repeat differently)"
            : "task already has completions: it keeps its stored repeat and is not updated from the file",
        );
        if (!keeps) return;
        row.repeat = stored.repeat;
      }
      // This runs on every start: a task the file leaves as it is keeps its row and its
      // `updated_at`, so a console form opened before a restart is not refused as stale
      // (docs/api.md, "Edit conflicts").
      if (stored && unchangedFields(row, stored)) return;
      await d
        .insert(tasks)
        .values(row)
        .onConflictDoUpdate({ target: tasks.id, set: { ...row, updatedAt: sql`now()` } });
    });
  }
  tasksChanged();
  return { tasks: entries.length };
}

/**
 * Seeds content/tasks.yaml (scripts/seed.ts runs this on every start, outside the web process). The
 * read is left out of Next's file tracing (`turbopackIgnore`), which traced the whole project for a
 * path given by the caller.
 */
export async function seedTasks(db: Db, file = path.join(process.cwd(), "content", "tasks.yaml")) {
  return upsertTasks(db, parseTasksYaml(await readFile(/* turbopackIgnore: true */ file, "utf8"), file));
}

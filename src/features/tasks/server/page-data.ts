import { getDb } from "@/db/client";
import type { Session } from "@/features/auth/server";
import { loadPointsSummary } from "@/features/points/server";
import type { TaskPreview, TasksPageData } from "../schema";
import { listTaskCatalogue, listTasks } from "./service";

/** /task: the task list as the signed-in user sees it. */
async function loadTasks(session: Session) {
  return listTasks(await getDb(), session);
}

/**
 * Everything /task shows of the user: the page's server render and the HTTP entry's page-data block
 * of its signed-in shell (scripts/lib/shell-data.ts) both read it here, so they cannot differ.
 */
export async function loadTasksPage(session: Session): Promise<TasksPageData> {
  const [tasks, points] = await Promise.all([loadTasks(session), loadPointsSummary(session.userId)]);
  return { tasks: { tasks }, points };
}

/** /task's signed-in shell: the tasks without any user's state (titles, hints, points). */
export async function loadTaskCatalogue(): Promise<TaskPreview[]> {
  return listTaskCatalogue(await getDb());
}

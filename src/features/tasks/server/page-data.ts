import { getDb } from "@/db/client";
import type { Session } from "@/features/auth/server";
import { listTasks } from "./service";

/** /task: the task list as the signed-in user sees it. */
export async function loadTasks(session: Session) {
  return listTasks(await getDb(), session);
}

import { listTasks, tasksListSchema } from "@/features/tasks/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Every campaign task with the signed-in user's state and progress. */
export const GET = route(
  {
    session: "required",
    summary: "Every campaign task with the signed-in user's status and progress",
    response: tasksListSchema,
  },
  async ({ db, session }) => ({ tasks: await listTasks(db, session) }),
);

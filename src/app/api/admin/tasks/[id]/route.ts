import { z } from "zod";
import { adminTaskResponse, taskPatchSchema, updateTask } from "@/features/admin/server";
import { route } from "@/server/route";

export const PATCH = route(
  {
    roles: ["admin"],
    params: z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) }),
    body: taskPatchSchema,
    response: adminTaskResponse,
    summary:
      "Edit, schedule or disable (endsAt: now) a task; from then on the database, not content/tasks.yaml, owns it",
  },
  ({ db, session, params, body }) => updateTask(db, session.address, params.id, body),
);

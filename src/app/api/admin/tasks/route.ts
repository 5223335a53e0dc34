import {
  adminTaskResponse,
  adminTasksResponse,
  createTask,
  listAdminTasks,
  taskBodySchema,
} from "@/features/admin/server";
import { json, route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin"],
    response: adminTasksResponse,
    summary: "Every task with its parameters, schedule, completion stats and whether the console owns it",
  },
  ({ db }) => listAdminTasks(db),
);

export const POST = route(
  {
    roles: ["admin"],
    body: taskBodySchema,
    status: 201,
    response: adminTaskResponse,
    summary: "Create a task of any registered type; its params are checked against the type's schema",
  },
  async ({ db, session, body }) => json(await createTask(db, session.address, body), { status: 201 }),
);

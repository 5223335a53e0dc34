import { taskIdParams, verifyRequestBody, verifyResultSchema, verifyTask } from "@/features/tasks/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Checks a task for the signed-in user and credits its points once (quiz answers in the body). */
export const POST = route(
  {
    session: "required",
    params: taskIdParams,
    body: verifyRequestBody,
    // Per user per minute: enough for honest retries; with a quiz graded as a whole (tasks/logic.ts,
    // quizMessage), guessing its answers takes every combination, not one question at a time.
    rateLimit: { name: "tasks-verify", by: "user", limit: 12, windowSeconds: 60 },
    summary: "Checks a task for the signed-in user and credits its points once",
    response: verifyResultSchema,
  },
  ({ db, session, params, body }) => verifyTask(db, session, params.id, { answers: body.answers }),
);

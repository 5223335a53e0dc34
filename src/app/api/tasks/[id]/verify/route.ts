import { taskIdParams, verifyRequestBody, verifyResultSchema, verifyTask } from "@/features/tasks/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Checks a task for the signed-in user and credits its points once (quiz answers in the body). */
export const POST = route(
  {
    session: "required",
    params: taskIdParams,
    body: verifyRequestBody,
    // Per user per minute: enough for honest retries. Not what stops a quiz from being guessed: a
    // quiz grades at most 3 complete answers per participant and UTC day, counted before grading
    // (tasks/server/verifiers.ts, verifyQuiz), and grades them as a whole (tasks/logic.ts, quizMessage).
    rateLimit: { name: "tasks-verify", by: "user", limit: 12, windowSeconds: 60 },
    summary: "Checks a task for the signed-in user and credits its points once",
    response: verifyResultSchema,
  },
  ({ db, session, params, body }) => verifyTask(db, session, params.id, { answers: body.answers }),
);

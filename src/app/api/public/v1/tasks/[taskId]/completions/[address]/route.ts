import { z } from "zod";
import {
  completionOf,
  completionResponse,
  evmAddress,
  taskExists,
  taskIdParam,
} from "@/features/integrations/server";
import { notFound } from "@/server/errors";
import { route } from "@/server/route";

/** Public: has this address completed this task? `result` 0/1 is Galxe's REST credential shape. */
export const GET = route(
  {
    summary: "Whether an address completed a task (Galxe, Layer3, TaskOn)",
    params: z.object({ taskId: taskIdParam, address: evmAddress }),
    response: completionResponse,
    // A short public cache absorbs platform bursts; an exclusion shows within its 30 s.
    cache: "public, max-age=30",
    rateLimit: { name: "public-completion", by: "ip", limit: 600, windowSeconds: 60 },
  },
  async ({ db, params }) => {
    if (!(await taskExists(db, params.taskId))) throw notFound("Unknown task id", "TASK_NOT_FOUND");
    return completionOf(db, params.taskId, params.address);
  },
);

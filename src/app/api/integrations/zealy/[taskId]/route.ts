import { z } from "zod";
import { taskIdParam, zealyRequest, zealyResponse, zealyVerify } from "@/features/integrations/server";
import { route } from "@/server/route";

/** Zealy API quest: 200 `{message}` when the quest's wallet completed the task, else 400 saying what is missing. */
export const POST = route(
  {
    summary: "Zealy API-quest verification (x-api-key)",
    // Server to server: no browser cookies ride on it, the API key is the authentication.
    write: false,
    params: z.object({ taskId: taskIdParam }),
    body: zealyRequest,
    response: zealyResponse,
    rateLimit: { name: "zealy", by: "ip", limit: 600, windowSeconds: 60 },
  },
  async ({ db, req, params, body }) => zealyVerify(db, req.headers.get("x-api-key"), params.taskId, body),
);

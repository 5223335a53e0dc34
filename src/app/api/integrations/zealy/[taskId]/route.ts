import { z } from "zod";
import { taskIdParam, zealyRequest, zealyResponse, zealyVerify } from "@/features/integrations/server";
import { apiErrorSchema } from "@/server/errors";
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
    responses: {
      // Zealy shows `message` to the member; a malformed body still gets the route layer's Error.
      400: {
        description:
          "Not completed (or no wallet on the Zealy profile): `{message}`; a malformed body: Error",
        schema: z.union([zealyResponse, apiErrorSchema]),
      },
      401: { description: "Wrong or missing x-api-key: `{message}`", schema: zealyResponse },
    },
    rateLimit: { name: "zealy", by: "ip", limit: 600, windowSeconds: 60 },
  },
  async ({ db, req, params, body }) => zealyVerify(db, req.headers.get("x-api-key"), params.taskId, body),
);

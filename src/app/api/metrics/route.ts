import { z } from "zod";
import { bearerMatches } from "@/server/bearer";
import { config } from "@/server/config";
import { ApiError, apiErrorSchema } from "@/server/errors";
import { metricsRegistry } from "@/server/metrics";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/**
 * Prometheus scrape endpoint (default process metrics plus the portal's own). With METRICS_TOKEN set
 * it wants `Authorization: Bearer <token>`; unset it is open, for a scraper on a private network.
 */
export const GET = route(
  {
    summary: "Prometheus metrics (text exposition format); Bearer METRICS_TOKEN when set",
    response: z.string(),
    responseType: "text/plain",
    responses: {
      401: {
        description: "METRICS_TOKEN is set and the Authorization header is missing or another token",
        schema: apiErrorSchema,
      },
    },
  },
  async ({ req }) => {
    const token = config().METRICS_TOKEN;
    if (token && !bearerMatches(req.headers.get("authorization"), token)) {
      throw new ApiError(401, "UNAUTHORIZED", "Send the metrics token as Authorization: Bearer <token>.", {
        "WWW-Authenticate": 'Bearer realm="metrics"',
      });
    }
    return new Response(await metricsRegistry.metrics(), {
      headers: { "Content-Type": metricsRegistry.contentType },
    });
  },
);

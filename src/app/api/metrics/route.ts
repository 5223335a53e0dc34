import { z } from "zod";
import { metricsRegistry } from "@/server/metrics";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** Prometheus scrape endpoint (default process metrics plus the portal's own). */
export const GET = route(
  {
    summary: "Prometheus metrics (text exposition format)",
    response: z.string(),
    responseType: "text/plain",
  },
  async () =>
    new Response(await metricsRegistry.metrics(), {
      headers: { "Content-Type": metricsRegistry.contentType },
    }),
);

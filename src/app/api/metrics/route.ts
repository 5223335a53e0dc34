import { route } from "@/server/errors";
import { metricsRegistry } from "@/server/metrics";

export const dynamic = "force-dynamic";

/** Prometheus scrape endpoint (default process metrics plus the portal's own). */
export const GET = route(async () => {
  const body = await metricsRegistry.metrics();
  return new Response(body, {
    headers: { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" },
  });
});

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus registry, served at `/api/metrics`. Features register their own
 * metrics on it (`new Counter({ …, registers: [metricsRegistry] })`). Kept on globalThis because
 * dev-mode module reloads would otherwise register the same metric twice and throw.
 */
type Metrics = {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  rpcUp: Gauge;
  rpcLatency: Histogram;
};

const g = globalThis as unknown as { __aurumMetrics?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ app: "aurum-portal" });
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: "aurum_http_requests_total",
      help: "HTTP requests answered by instrumented route handlers, by route, method and status.",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "aurum_http_request_seconds",
      help: "Time to answer, by route pattern and method (every route of the route layer).",
      labelNames: ["route", "method"] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
    rpcUp: new Gauge({
      name: "aurum_rpc_up",
      help: "1 when the last testnet RPC probe succeeded, 0 when it failed.",
      registers: [registry],
    }),
    rpcLatency: new Histogram({
      name: "aurum_rpc_probe_seconds",
      help: "Latency of testnet RPC probes (eth_blockNumber) made by health and status endpoints.",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

function metrics(): Metrics {
  g.__aurumMetrics ??= create();
  return g.__aurumMetrics;
}

export const metricsRegistry: Registry = metrics().registry;

/** Counts one answered request (route is the route pattern, e.g. `/api/chain/status`, never the raw URL). */
export function countHttpRequest(route: string, method: string, status: number): void {
  metrics().httpRequests.inc({ route, method, status: String(status) });
}

/** Records how long a route took to answer (route is the pattern, never the raw URL). */
export function observeHttpDuration(route: string, method: string, seconds: number): void {
  metrics().httpDuration.observe({ route, method }, seconds);
}

export function recordRpcProbe(ok: boolean, latencyMs: number): void {
  const m = metrics();
  m.rpcUp.set(ok ? 1 : 0);
  if (ok) m.rpcLatency.observe(latencyMs / 1000);
}

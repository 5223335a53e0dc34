import { Counter, Gauge } from "prom-client";
import { metricsRegistry } from "@/server/metrics";

// getSingleMetric: dev-mode module reloads must not register a metric twice.
function gauge(name: string, help: string): Gauge {
  return (
    (metricsRegistry.getSingleMetric(name) as Gauge | undefined) ??
    new Gauge({ name, help, registers: [metricsRegistry] })
  );
}
function counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
  return (
    (metricsRegistry.getSingleMetric(name) as Counter | undefined) ??
    new Counter({ name, help, labelNames, registers: [metricsRegistry] })
  );
}

export const indexerMetrics = {
  cursor: () => gauge("aurum_indexer_cursor_block", "Last block the chain indexer has fully indexed."),
  lag: () => gauge("aurum_indexer_lag_blocks", "Blocks between the chain head and the indexer cursor."),
  range: () => gauge("aurum_indexer_range_blocks", "Current adaptive block range of one indexing step."),
  reorgs: () =>
    counter("aurum_indexer_reorgs_total", "Reorgs detected (the indexer rewound and re-indexed)."),
  rpcErrors: () => counter("aurum_indexer_rpc_errors_total", "Failed indexing steps because of RPC errors."),
  retries: () =>
    counter(
      "aurum_indexer_retries_total",
      "Indexing steps retried because the RPC's answers did not agree, by reason.",
      ["reason"],
    ),
};

/**
 * The worker process's own small HTTP server (scripts/worker.ts, when WORKER_METRICS_PORT is set).
 * Scaled out, the faucet sender and the chain indexer run only in the worker, so their metrics
 * (aurum_faucet_*, aurum_indexer_*) live in its registry and no web process's /api/metrics has them;
 * and the worker had nothing a liveness probe could ask. Two read-only routes:
 * - `GET /metrics`: the process's Prometheus registry (the one /api/metrics serves in a web process,
 *   src/server/metrics.ts), behind `Authorization: Bearer <METRICS_TOKEN>` when that is set;
 * - `GET /health`: 200 `{"status":"ok"}` while the worker loops run, 503 with `starting` or `stopping`.
 * A request body is never read: a request that may carry one is answered and its connection closed.
 * Headers, idle time and connections are bounded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import { bearerMatches } from "../../src/server/bearer";

export type WorkerHttpOptions = {
  host: string;
  /** 0: any free port (tests). */
  port: number;
  registry: Registry;
  /** METRICS_TOKEN: /metrics wants it as a Bearer token when set (not /health: probes send none). */
  token?: string;
  /** The worker loops' state: `ok` while they run. */
  status: () => "starting" | "ok" | "stopping";
  onError?: (err: unknown) => void;
};

export type WorkerHttp = { port: number; close(): Promise<void> };

async function answer(req: http.IncomingMessage, res: http.ServerResponse, o: WorkerHttpOptions) {
  // Node drains an unread body to keep the connection alive: closing it instead reads nothing.
  const hasBody =
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) !== 0;
  const readOnly = req.method === "GET" || req.method === "HEAD";
  const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, {
      "Content-Type": type,
      "Cache-Control": "no-store",
      "Content-Length": String(Buffer.byteLength(body)),
      ...(hasBody || !readOnly ? { Connection: "close" } : {}),
      ...extra,
    });
    res.end(body);
  };
  const path = (req.url ?? "").split("?")[0];
  if (!readOnly) return send(405, "text/plain", "method not allowed\n", { Allow: "GET, HEAD" });
  if (path === "/health") {
    const status = o.status();
    return send(status === "ok" ? 200 : 503, "application/json", JSON.stringify({ status }));
  }
  if (path === "/metrics") {
    if (o.token && !bearerMatches(req.headers.authorization, o.token)) {
      return send(401, "text/plain", "send the metrics token as Authorization: Bearer <token>\n", {
        "WWW-Authenticate": 'Bearer realm="metrics"',
      });
    }
    return send(200, o.registry.contentType, await o.registry.metrics());
  }
  return send(404, "text/plain", "not found\n");
}

/** Starts the server; resolves once it listens (rejects when it cannot, e.g. the port is taken). */
export function startWorkerHttp(o: WorkerHttpOptions): Promise<WorkerHttp> {
  const server = http.createServer(
    { maxHeaderSize: 8 * 1024, requestTimeout: 10_000, headersTimeout: 5_000, keepAliveTimeout: 5_000 },
    (req, res) => {
      answer(req, res, o).catch((err: unknown) => {
        o.onError?.(err);
        if (res.headersSent) res.destroy();
        else
          res
            .writeHead(500, { "Content-Type": "text/plain", Connection: "close" })
            .end("metrics unavailable\n");
      });
    },
  );
  // A scraper and a probe or two; anything beyond is refused rather than queued.
  server.maxConnections = 32;
  server.maxRequestsPerSocket = 1_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => {
      server.off("error", reject);
      server.on("error", (err) => o.onError?.(err));
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

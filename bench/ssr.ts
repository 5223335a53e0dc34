/**
 * `npm run bench:ssr`: server-rendering throughput of `/` (the landing page: layout, session
 * check, live block number and participant count) against `/api/version` (a bare route handler
 * on the same server, no rendering), each for BENCH_DURATION seconds (default 20) with autocannon,
 * one after the other in the same run. Prints both req/s and the ratio (goal ≥ 0.8); writes
 * bench/results/ssr.json.
 *
 * Server: BENCH_URL=http://host:port uses a running production server; otherwise a `next start`
 * of the existing build (`${NEXT_DIST_DIR:-.next}`) is started on a free port with its own Anvil
 * and database (see bench/lib/server.ts). BENCH_CONNECTIONS (default 10) sets concurrency.
 */
import os from "node:os";
import autocannon from "autocannon";
import { benchServer, writeResult } from "./lib/server";

const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Run = {
  path: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
};

async function measure(base: string, path: string, seconds: number): Promise<Run> {
  const result = await autocannon({ url: `${base}${path}`, connections, duration: seconds });
  return {
    path,
    requestsPerSec: Math.round(result.requests.average * 10) / 10,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const server = await benchServer();
try {
  console.log(
    `server: ${server.url}${server.startedHere ? " (next start, started by the bench)" : " (BENCH_URL)"}`,
  );
  // Warm up both paths (JIT, caches, first DB/RPC connections) so the first run is not penalised.
  await measure(server.url, "/", 5);
  await measure(server.url, "/api/version", 3);

  const page = await measure(server.url, "/", duration);
  const bare = await measure(server.url, "/api/version", duration);
  const ratio = Math.round((page.requestsPerSec / bare.requestsPerSec) * 1000) / 1000;

  for (const r of [page, bare]) {
    console.log(
      `${r.path.padEnd(14)} ${String(r.requestsPerSec).padStart(8)} req/s   p50 ${r.latencyP50Ms} ms   p99 ${r.latencyP99Ms} ms   non-2xx ${r.non2xx}   errors ${r.errors}`,
    );
  }
  console.log(`ratio / : /api/version = ${ratio} (goal ≥ 0.8) ${ratio >= 0.8 ? "OK" : "BELOW GOAL"}`);
  const file = writeResult("ssr", {
    measuredAt: new Date().toISOString(),
    durationSeconds: duration,
    connections,
    cpus: os.cpus().length,
    server: server.startedHere ? "next start (bench)" : "BENCH_URL",
    page,
    bare,
    ratio,
    goal: 0.8,
  });
  console.log(`wrote ${file}`);
} finally {
  await server.stop();
}

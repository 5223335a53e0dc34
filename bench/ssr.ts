/**
 * `npm run bench:ssr`: server throughput of every kind of request the issue budgets, side by side in
 * one run against `/api/version` (a bare route handler, no rendering, no database):
 * - signed-in pages (`/` and every page of src/lib/routes.ts that needs a session, plus one news
 *   article, NEWS_SLUG): goal ≥ 0.35×;
 * - anonymous pages (`/`, `/?utm_source=…`, `/connect`): goal ≥ 1.0×;
 * - API reads, signed in (`/api/points`, `/api/leaderboard`): goal ≥ 0.6×.
 * BENCH_ONLY="signed-in /swap,anonymous /connect" keeps only those paths (kind + path, comma-separated).
 * Each path runs BENCH_DURATION seconds (default 20) with BENCH_CONNECTIONS (default 10) autocannon
 * connections, one after the other; the signed-in session is made over HTTP (test/siwe-http.ts).
 * Before measuring, each signed-in page is fetched once and must be a 200 carrying the visitor's
 * address. BENCH_GZIP=1 sends `Accept-Encoding: gzip` as browsers do.
 * Prints req/s, p50/p99, non-2xx, server CPU ms per request (when the bench started the server) and
 * each ratio with PASS/FAIL (by req/s, the budget), plus the same ratio by CPU per request, which
 * stays meaningful when the machine's load changes during the run; writes bench/results/ssr.json.
 *
 * Server: BENCH_URL=http://host:port uses a running production server; otherwise the production
 * entry (scripts/serve.ts) serving the existing build (`${NEXT_DIST_DIR:-.next}`) is started on a
 * free port with its own Anvil and database (see bench/lib/server.ts).
 */
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { PROTECTED_ROUTES } from "../src/lib/routes";
import { signInOverHttp } from "../test/siwe-http";
import { benchServer, writeResult } from "./lib/server";

const duration = Number(process.env.BENCH_DURATION ?? 20);
// BENCH_GZIP=1 asks for gzip like a browser (the entry then compresses every shared answer).
const gzip = process.env.BENCH_GZIP === "1";
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** A seeded article (content/news), for the article page (the server seeds content: `seed`). */
const NEWS_SLUG = "faucet-is-open";

type Kind = "bare" | "signed-in page" | "anonymous page" | "API read";
const GOALS: Record<Exclude<Kind, "bare">, number> = {
  "signed-in page": 0.35,
  "anonymous page": 1.0,
  "API read": 0.6,
};
const ALL_TARGETS: { path: string; kind: Kind }[] = [
  { path: "/", kind: "anonymous page" },
  { path: "/?utm_source=newsletter&utm_campaign=launch", kind: "anonymous page" },
  { path: "/connect", kind: "anonymous page" },
  // The landing page signed in, then every page that needs a session (the registry's order).
  ...["/", ...PROTECTED_ROUTES, `/news/${NEWS_SLUG}`].map((path) => ({
    path,
    kind: "signed-in page" as const,
  })),
  { path: "/api/points", kind: "API read" },
  { path: "/api/leaderboard", kind: "API read" },
];
/**
 * BENCH_ONLY="anonymous /connect,signed-in /swap": only those (kind + path, comma-separated), e.g.
 * to profile one page with BENCH_NODE_ARGS; every path otherwise.
 */
const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const TARGETS = only.length
  ? ALL_TARGETS.filter((t) => only.includes(`${t.kind.split(" ")[0]} ${t.path}`))
  : ALL_TARGETS;

/**
 * CPU seconds (user + system) the server process has used, from /proc (Linux), or null. The
 * production entry (scripts/serve.ts) serves from this one process, so CPU per request is
 * comparable across paths even when other work on the machine makes req/s swing (the lead's
 * machine is shared).
 */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of proc(5) (utime, stime), counted after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

type Run = {
  path: string;
  kind: Kind;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  /** Server CPU milliseconds per request (null when the server's process is not ours to read). */
  cpuMsPerRequest: number | null;
};

async function measure(
  base: string,
  path: string,
  kind: Kind,
  seconds: number,
  cookie?: string,
  pid?: number,
): Promise<Run> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    headers: { ...(cookie ? { cookie } : {}), ...(gzip ? { "accept-encoding": "gzip" } : {}) },
  });
  return {
    path,
    kind,
    requestsPerSec: Math.round(result.requests.average * 10) / 10,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: cpuMsPer(cpuBefore, cpuSeconds(pid), result.requests.total),
  };
}

function cpuMsPer(before: number | null, after: number | null, requests: number): number | null {
  if (before === null || after === null || requests === 0) return null;
  return Math.round(((after - before) * 1000 * 100) / requests) / 100;
}

// The operator content (news, FAQ, tasks from content/) is seeded so /news, its article and /faq
// render what a real deployment shows; the chain is left empty, as before.
const server = await benchServer({ seed: true });
try {
  console.log(
    `server: ${server.url}${server.startedHere ? " (scripts/serve.ts, started by the bench)" : " (BENCH_URL)"}`,
  );
  const publicUrl = server.startedHere ? server.url.replace("127.0.0.1", "localhost") : server.url;
  const { cookie, address } = await signInOverHttp(server.url, publicUrl);
  const cookieFor = (kind: Kind) => (kind === "signed-in page" || kind === "API read" ? cookie : undefined);
  // A figure only counts for the right answer: a signed-in page must be this visitor's page (their
  // address in the header or, for a signed-in shell, in its session block), never a redirect.
  for (const t of TARGETS.filter((x) => x.kind === "signed-in page")) {
    const res = await fetch(`${server.url}${t.path}`, { headers: { cookie }, redirect: "manual" });
    const html = await res.text();
    if (res.status !== 200 || !html.includes(address))
      throw new Error(`signed-in ${t.path}: HTTP ${res.status} without the signed-in address`);
  }
  // Warm-up (JIT, caches, first DB/RPC connections) so the first measured path is not penalised.
  for (const t of TARGETS) await measure(server.url, t.path, t.kind, 2, cookieFor(t.kind));
  await measure(server.url, "/api/version", "bare", 3);

  const bare = await measure(server.url, "/api/version", "bare", duration, undefined, server.pid);
  const runs: (Run & { ratio: number; cpuRatio: number | null; goal: number; pass: boolean })[] = [];
  for (const t of TARGETS) {
    const r = await measure(server.url, t.path, t.kind, duration, cookieFor(t.kind), server.pid);
    const ratio = Math.round((r.requestsPerSec / bare.requestsPerSec) * 1000) / 1000;
    // The same comparison by CPU cost: bare's CPU per request over this path's (load-independent).
    const cpuRatio =
      r.cpuMsPerRequest && bare.cpuMsPerRequest
        ? Math.round((bare.cpuMsPerRequest / r.cpuMsPerRequest) * 1000) / 1000
        : null;
    const goal = GOALS[t.kind as Exclude<Kind, "bare">];
    runs.push({ ...r, ratio, cpuRatio, goal, pass: ratio >= goal });
  }
  const line = (r: Run) =>
    `${r.kind.padEnd(15)} ${r.path.slice(0, 30).padEnd(31)} ${String(r.requestsPerSec).padStart(8)} req/s   p50 ${r.latencyP50Ms} ms   p99 ${r.latencyP99Ms} ms   non-2xx ${r.non2xx}   errors ${r.errors}   cpu ${r.cpuMsPerRequest ?? "?"} ms/req`;
  console.log(line(bare));
  for (const r of runs)
    console.log(
      `${line(r)}   ${r.ratio}× (goal ≥ ${r.goal}) ${r.pass ? "PASS" : "FAIL"}   by cpu ${r.cpuRatio ?? "?"}×`,
    );
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const file = writeResult("ssr", {
    measuredAt: new Date().toISOString(),
    durationSeconds: duration,
    gzip,
    connections,
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
    server: server.startedHere ? "scripts/serve.ts (bench)" : "BENCH_URL",
    bare,
    runs,
  });
  console.log(`wrote ${file}`);
} finally {
  await server.stop();
}

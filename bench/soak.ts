/**
 * `npm run bench:soak [-- --minutes N]`: server memory under sustained load. Starts a production
 * server (bench/lib/server.ts; BENCH_URL + BENCH_PID to use a running one), signs in over HTTP and
 * drives signed-in `/task` and `/`, anonymous `/` and `/api/points` round-robin with autocannon
 * (BENCH_CONNECTIONS, default 10) for `--minutes` (default 30), sampling the RSS of the server
 * process and its descendants every 15 s. Prints the curve and the budget (RSS ≤ 600 MiB at the
 * end of a 30-minute soak; printed, no exit code) and writes bench/results/soak.json.
 *
 * A server started here also carries bench/lib/memory-probe.mjs, so each sample says what the RSS
 * is made of: the V8 heap (used / reserved, old and new space), external memory and array buffers,
 * PGlite's WebAssembly memory (grown size and resident part), malloc and the time spent in GC.
 * BENCH_NODE_ARGS adds node flags, e.g. `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir>` to
 * take heap snapshots with `kill -USR2 <pid>` (docs/ARCHITECTURE.md, "Server memory").
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { signInOverHttp } from "../test/siwe-http";
import { benchServer, writeResult } from "./lib/server";

const arg = process.argv.indexOf("--minutes");
const minutes = arg > 0 ? Number(process.argv[arg + 1]) : 30;
if (!(minutes > 0)) {
  console.error("--minutes: a positive number");
  process.exit(2);
}
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET_MIB = 600;
const SAMPLE_MS = 15_000;

/** RSS (MiB) of a process and all its descendants, from /proc. */
function treeRssMiB(root: number): number {
  const parent = new Map<number, number>();
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // exited meanwhile
    }
  }
  const inTree = (pid: number): boolean =>
    pid === root || (parent.has(pid) && pid > 1 && inTree(parent.get(pid)!));
  let kb = 0;
  for (const pid of parent.keys()) {
    if (!inTree(pid)) continue;
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      kb += Number(m?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
  }
  return Math.round(kb / 1024);
}

/** One line of bench/lib/memory-probe.mjs (the fields printed here). */
type Probe = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  mallocedMemory: number;
  pgliteWasm: number | null;
  mappings: { wasm: number; anon: number; brkHeap: number; file: number };
  spaces: Record<string, { used: number; size: number }>;
  gcMs: Record<string, number>;
};

const probeFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "aurum-soak-")), "memory.jsonl");
function lastProbe(): Probe | undefined {
  try {
    const lines = fs.readFileSync(probeFile, "utf8").trim().split("\n");
    return JSON.parse(lines.at(-1)!) as Probe;
  } catch {
    return undefined;
  }
}
const r = (n: number | null | undefined) => (n == null ? "–" : String(Math.round(n)));
/** What the RSS is made of, in MiB. */
function breakdown(p: Probe | undefined): string {
  if (!p) return "";
  const old = p.spaces.old;
  const young = p.spaces.new;
  const gc = Object.values(p.gcMs).reduce((a, b) => a + b, 0);
  return (
    `   heap ${r(p.heapUsed)}/${r(p.heapTotal)} (old ${r(old?.used)}/${r(old?.size)}, new ${r(young?.size)})` +
    `   ext ${r(p.external)} ab ${r(p.arrayBuffers)}   pglite ${r(p.pgliteWasm)} (rss ${r(p.mappings.wasm)})` +
    `   malloc ${r(p.mallocedMemory)} brk ${r(p.mappings.brkHeap)} anon ${r(p.mappings.anon)}` +
    ` file ${r(p.mappings.file)}   gc ${(gc / 1000).toFixed(1)} s`
  );
}

const server = await benchServer({
  nodeArgs: ["--import", "./bench/lib/memory-probe.mjs"],
  env: { MEMORY_PROBE_FILE: probeFile },
});
const pid = server.pid ?? Number(process.env.BENCH_PID);
if (!pid) throw new Error("BENCH_URL needs BENCH_PID (the server's process id) to sample its memory");
try {
  const publicUrl = server.startedHere ? server.url.replace("127.0.0.1", "localhost") : server.url;
  const { cookie } = await signInOverHttp(server.url, publicUrl);
  console.log(
    `server pid ${pid}, ${connections} connections, ${minutes} min; memory samples in ${probeFile}`,
  );
  const samples: { minute: number; rssMiB: number; requests: number; probe?: Probe }[] = [];
  let requests = 0;
  const started = Date.now();
  const sample = () => {
    const probe = lastProbe();
    const s = {
      minute: Math.round((Date.now() - started) / 600) / 100,
      rssMiB: treeRssMiB(pid),
      requests,
      probe,
    };
    samples.push(s);
    console.log(
      `${s.minute.toFixed(2).padStart(6)} min   RSS ${String(s.rssMiB).padStart(5)} MiB   ${s.requests} requests   load ${os.loadavg()[0]!.toFixed(1)}${breakdown(probe)}`,
    );
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections,
        duration: minutes * 60,
        requests: [
          { method: "GET", path: "/task", headers: { cookie } },
          { method: "GET", path: "/", headers: { cookie } },
          { method: "GET", path: "/" },
          { method: "GET", path: "/api/points", headers: { cookie } },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", () => {
      requests++;
    });
  });
  clearInterval(timer);
  sample();
  const end = samples.at(-1)!.rssMiB;
  const peak = Math.max(...samples.map((s) => s.rssMiB));
  console.log(
    `${minutes} min, ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  console.log(`RSS start ${samples[0]!.rssMiB} MiB, peak ${peak} MiB, end ${end} MiB`);
  console.log(
    `budget RSS ≤ ${BUDGET_MIB} MiB after a 30-minute soak: ${end <= BUDGET_MIB ? "PASS" : "FAIL"}${minutes < 30 ? ` (only ${minutes} min run)` : ""}`,
  );
  const file = writeResult("soak", {
    measuredAt: new Date().toISOString(),
    minutes,
    connections,
    requestsPerSec: result.requests.average,
    loadAverage: os.loadavg(),
    non2xx: result.non2xx,
    samples,
  });
  console.log(`wrote ${file}`);
} finally {
  await server.stop();
}

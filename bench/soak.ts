/**
 * `npm run bench:soak [-- --minutes N]`: server memory under sustained load. Starts a production
 * server (bench/lib/server.ts; BENCH_URL + BENCH_PID to use a running one), signs in over HTTP and
 * drives signed-in `/task` and `/`, anonymous `/` and `/api/points` round-robin with autocannon
 * (BENCH_CONNECTIONS, default 10) for `--minutes` (default 30), sampling the RSS of the server
 * process and its descendants every 15 s. Prints the curve and the budget (RSS ≤ 600 MiB at the
 * end of a 30-minute soak; printed, no exit code) and writes bench/results/soak.json.
 */
import fs from "node:fs";
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

const server = await benchServer();
const pid = server.pid ?? Number(process.env.BENCH_PID);
if (!pid) throw new Error("BENCH_URL needs BENCH_PID (the server's process id) to sample its memory");
try {
  const publicUrl = server.startedHere ? server.url.replace("127.0.0.1", "localhost") : server.url;
  const { cookie } = await signInOverHttp(server.url, publicUrl);
  const samples: { minute: number; rssMiB: number; requests: number }[] = [];
  let requests = 0;
  const started = Date.now();
  const sample = () => {
    const s = { minute: Math.round((Date.now() - started) / 600) / 100, rssMiB: treeRssMiB(pid), requests };
    samples.push(s);
    console.log(
      `${s.minute.toFixed(2).padStart(6)} min   RSS ${String(s.rssMiB).padStart(5)} MiB   ${s.requests} requests`,
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
    non2xx: result.non2xx,
    samples,
  });
  console.log(`wrote ${file}`);
} finally {
  await server.stop();
}

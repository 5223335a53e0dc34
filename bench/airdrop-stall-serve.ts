/**
 * `npm run bench:airdrop-stall-serve`: what visitors feel while a round freezes on ONE machine — the
 * production build served by scripts/serve.ts (as `npm start` does) with its workers in the same
 * process (WORKERS=on) and PGlite in DATA_DIR. BENCH_RECIPIENTS (300,000) participants are seeded
 * and a publish is requested before the server starts (PGlite is one process per data directory);
 * the server's airdrop worker then publishes the round while this process requests
 * `GET /api/version` (no database: the event loop alone) back to back and `GET /api/faq` (reads the
 * database) every 250 ms, until the server logs the end of the job. Prints each one's latency p50/p99/
 * max with the load average. Needs `next build` first; ports BENCH_PORT (3170) and BENCH_ANVIL_PORT (8670).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createPublicClient, http } from "viem";
import { startAnvil } from "../scripts/lib/anvil";
import { prepareApp } from "../scripts/lib/prepare";
import { openDb, targetFromEnv } from "../src/db/client";
import { seedParticipants } from "../src/features/airdrop/server/fixtures";
import { requestPublish } from "../src/features/airdrop/server/jobs";
import { createRound } from "../src/features/airdrop/server/rounds";
import { parseConfig } from "../src/server/config";

const N = Number(process.env.BENCH_RECIPIENTS ?? 300_000);
const port = Number(process.env.BENCH_PORT ?? 3170);
const anvilPort = Number(process.env.BENCH_ANVIL_PORT ?? 8670);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

function figures(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0);
  return `${s.length} requests, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${Math.round(s.at(-1) ?? 0)} ms`;
}

async function timed(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return performance.now() - t;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "aurum-stall-serve-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  DEPLOYMENTS_DIR: path.join(dataDir, "deployments"),
  TESTNET_RPC_URL: `http://127.0.0.1:${anvilPort}`,
  WORKERS: "on",
  LOG_LEVEL: "info",
};
delete env.DATABASE_URL;
const anvil = await startAnvil({ port: anvilPort });
let server: ChildProcess | undefined;
try {
  await prepareApp(env);
  const cfg = parseConfig(env);
  const h = await openDb(targetFromEnv(cfg));
  try {
    let t = performance.now();
    await seedParticipants(h.db, { count: N, at: new Date(Date.now() - 3_600_000) });
    console.log(`seeded ${N} participants in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const round = await createRound(
      h.db,
      {
        name: "stall serve bench",
        totalAmount: (10n ** 27n).toString(),
        minPoints: 1,
        opensAt: new Date(Date.now() - 60_000).toISOString(),
        deadline: new Date(Date.now() + 86_400_000).toISOString(),
      },
      "bench",
      createPublicClient({ transport: http(cfg.TESTNET_RPC_URL) }),
    );
    t = performance.now();
    await requestPublish(h.db, round.id);
    console.log(`publish requested (round ${round.id}) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await h.close();
  }

  server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const ended = new Promise<string>((resolve) => {
    server?.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
      const m = out.match(/"msg":"(airdrop publish ran|airdrop publish stopped)"/);
      if (m) resolve(m[1] as string);
    });
  });
  const base = `http://localhost:${port}`;
  for (;;) {
    if (/ready on port/.test(out)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // First requests load route chunks: not the freeze's doing.
  for (let i = 0; i < 3; i++) await Promise.all([timed(`${base}/api/version`), timed(`${base}/api/faq`)]);
  const started = performance.now();
  let done: string | null = null;
  void ended.then((how) => {
    done = how;
  });
  const plain: number[] = [];
  const withDb: number[] = [];
  const prober = (async () => {
    while (!done) plain.push(await timed(`${base}/api/version`));
  })();
  const dbProber = (async () => {
    while (!done) {
      withDb.push(await timed(`${base}/api/faq`));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await Promise.all([prober, dbProber]);
  const took = ((performance.now() - started) / 1000).toFixed(1);
  const line = out.split("\n").find((l) => l.includes(done as string)) ?? "";
  console.log(
    `${N} participants, PGlite, production build, WORKERS=on: ${done} (${took} s after the server was ready)`,
  );
  console.log(`  ${line.trim()}`);
  console.log(`  GET /api/version (no database): ${figures(plain)}; load ${load()}`);
  console.log(`  GET /api/faq (reads the database): ${figures(withDb)}`);
  const frozen = out.split("\n").find((l) => l.includes("airdrop round frozen"));
  if (frozen) console.log(`  ${frozen.trim()}`);
} finally {
  server?.kill("SIGTERM");
  if (server && server.exitCode === null) await new Promise((r) => server?.once("exit", r));
  await anvil.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

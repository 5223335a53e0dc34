/**
 * `npm run bench:airdrop-stall`: how long a freeze blocks the event loop of the process that runs it
 * (docs/airdrop.md "Scale"). On one machine (`npm start`, WORKERS=on) that process is the web process,
 * so every stall here is a stall of every visitor's request. For each of BENCH_RECIPIENTS
 * (default "100000,300000") participants are seeded, then one round is frozen (`freezeRound` under
 * a lease: snapshot read, allocation, tree, rows, proofs and chunks written) while a 10 ms timer
 * watches this process's event loop (bench/lib/loop-watch.ts), and the same timer in an idle process
 * shows what the machine's load alone costs (on a shared 2-core machine, a lot).
 * Prints the delay p50/p99/max, the longest stalls with what the freeze was doing then, the freeze's
 * duration and the load average. Database: PGlite in a temporary data directory, or a scratch database on the
 * PostgreSQL server of BENCH_DATABASE_URL. No chain is needed: only the freeze is measured.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { seedParticipants } from "../src/features/airdrop/server/fixtures";
import { freezeRound } from "../src/features/airdrop/server/freeze";
import { acquireLease } from "../src/features/airdrop/server/lease";
import { PUBLISH_LEASE_SECONDS } from "../src/features/airdrop/server/publish";
import { createRound } from "../src/features/airdrop/server/rounds";
import { scratchDatabase } from "../test/scratch-db";
import { type LoopFigures, watchEventLoop } from "./lib/loop-watch";

const SIZES = (process.env.BENCH_RECIPIENTS ?? "100000,300000").split(",").map(Number);
const base = process.env.BENCH_DATABASE_URL;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

async function one(n: number): Promise<void> {
  const scratch = base ? await scratchDatabase(base, "aurum_stall") : null;
  // PGlite on disk, as `npm start` runs it (in memory, the WASM heap's growth is a stall of its own).
  const dir = scratch ? null : mkdtempSync(path.join(tmpdir(), "aurum-stall-"));
  const h = await openDb(scratch ? { databaseUrl: scratch.url } : { dataDir: dir as string });
  try {
    await migrate(h);
    await seedParticipants(h.db, { count: n, at: new Date(Date.now() - 3_600_000) });
    const round = await createRound(
      h.db,
      {
        name: "stall bench",
        totalAmount: (10n ** 27n).toString(),
        minPoints: 1,
        opensAt: new Date(Date.now() - 60_000).toISOString(),
        deadline: new Date(Date.now() + 86_400_000).toISOString(),
      },
      "bench",
    );
    const lease = await acquireLease(h.db, round.id, PUBLISH_LEASE_SECONDS);
    if (!lease) throw new Error("no lease");

    // What the freeze is doing, from its hooks: each stall is charged to the phase it ended in.
    let phase = "read + allocate + tree";
    const control = spawn(process.execPath, ["--import", "tsx", "bench/lib/loop-watch.ts"], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let controlOut = "";
    control.stdout.on("data", (b: Buffer) => {
      controlOut += b.toString();
    });
    await new Promise((r) => setTimeout(r, 1_000)); // the control's start-up is not the freeze's
    const watch = watchEventLoop(() => phase);
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    await freezeRound(h.db, round.id, {
      lease,
      hooks: {
        afterBatch: (table) => {
          phase = table === "allocations" ? "rows + proofs" : "tree chunks";
        },
      },
    });
    const took = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    const { figures: f, longest } = await watch.stop();
    control.stdin.end();
    await new Promise((r) => control.once("exit", r));
    const c = JSON.parse(controlOut) as LoopFigures;
    await lease.release();
    console.log(
      `${base ? "PostgreSQL" : "PGlite"} ${n} participants: freeze ${(took / 1000).toFixed(1)} s ` +
        `(the process's CPU, all threads, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s); event-loop delay over ` +
        `${f.ticks} ticks p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms; ${f.stalls} stalls > 20 ms, ` +
        `${(f.blockedMs / 1000).toFixed(1)} s blocked in all; load ${load()}\n` +
        `  idle control process meanwhile: p50 ${c.p50} ms, p99 ${c.p99} ms, max ${c.max} ms, ${c.stalls} stalls > 20 ms`,
    );
    for (const s of longest) console.log(`  stall ${s.gap} ms at ${s.at} ms (${s.phase})`);
  } finally {
    await h.close();
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

for (const n of SIZES) await one(n);

/**
 * `npm run bench:airdrop-stall`: how long a freeze blocks the event loop of the process that runs it
 * (docs/airdrop.md "Scale"). On one machine (`npm start`, WORKERS=on) that process is the web process,
 * so every stall here is a stall of every visitor's request. For each of BENCH_RECIPIENTS
 * (default "100000,300000") participants are seeded, then one round is frozen (`freezeRound` under
 * a lease: snapshot read, allocation, tree, rows, proofs and chunks written) while a 10 ms timer
 * watches this process's event loop (its lateness per tick is the event-loop delay; a stretch that
 * never yields is ONE late tick, so the total blocked time is printed too).
 * Prints the delay p50/p99/max, the longest stalls with what the freeze was doing then, the freeze's
 * duration and the load average. Database: PGlite in memory, or a scratch database on the
 * PostgreSQL server of BENCH_DATABASE_URL. No chain is needed: only the freeze is measured.
 */
import { loadavg } from "node:os";
import { openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { seedParticipants } from "../src/features/airdrop/server/fixtures";
import { acquireLease } from "../src/features/airdrop/server/lease";
import { freezeRound, PUBLISH_LEASE_SECONDS } from "../src/features/airdrop/server/publish";
import { createRound } from "../src/features/airdrop/server/rounds";
import { scratchDatabase } from "./lib/scratch-db";

const SIZES = (process.env.BENCH_RECIPIENTS ?? "100000,300000").split(",").map(Number);
const base = process.env.BENCH_DATABASE_URL;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

async function one(n: number): Promise<void> {
  const scratch = base ? await scratchDatabase(base, "aurum_stall") : null;
  const h = await openDb(scratch ? { databaseUrl: scratch.url } : { memory: true });
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
    const stalls: { at: number; gap: number; phase: string }[] = [];
    const lateness: number[] = [];
    const started = performance.now();
    let last = started;
    const timer = setInterval(() => {
      const now = performance.now();
      const gap = now - last - 10;
      lateness.push(Math.max(0, gap));
      if (gap > 20) stalls.push({ at: Math.round(now - started), gap: Math.round(gap), phase });
      last = now;
    }, 10);
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
    // Lets the timers fire once more: a freeze that never yielded shows up as one long stall.
    await new Promise((r) => setTimeout(r, 30));
    clearInterval(timer);
    await lease.release();
    stalls.sort((a, b) => b.gap - a.gap);
    lateness.sort((a, b) => a - b);
    const q = (p: number) =>
      Math.round(lateness[Math.min(lateness.length - 1, Math.floor(p * lateness.length))] ?? 0);
    const blocked = stalls.reduce((sum, s) => sum + s.gap, 0);
    console.log(
      `${base ? "PostgreSQL" : "PGlite"} ${n} participants: freeze ${(took / 1000).toFixed(1)} s ` +
        `(this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s); event-loop delay over ` +
        `${lateness.length} ticks p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${stalls[0]?.gap ?? q(1)} ms; ` +
        `${stalls.length} stalls > 20 ms, ${(blocked / 1000).toFixed(1)} s blocked in all; load ${load()}`,
    );
    for (const s of stalls.slice(0, 6)) console.log(`  stall ${s.gap} ms at ${s.at} ms (${s.phase})`);
  } finally {
    await h.close();
    await scratch?.drop();
  }
}

for (const n of SIZES) await one(n);

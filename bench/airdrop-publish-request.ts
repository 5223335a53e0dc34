/**
 * `npm run bench:airdrop-publish`: what the web process pays for "Publish" now that the airdrop worker
 * runs the job (docs/airdrop.md "Publishing"). On PostgreSQL (BENCH_DATABASE_URL, a scratch server,
 * e.g. `scripts/pg-test-server.sh start`): BENCH_RECIPIENTS (1,000,000) participants are seeded, then
 * 1. click → 202: the route's work (`requestPublish`: the cheap checks, one grouped count of the
 *    ledger, the request row; then the answer's `adminView`) timed in this process, first click and
 *    repeats, with this process's RSS before and after;
 * 2. unless BENCH_PUBLISH=0: one airdrop worker tick in a child process (the worker process) runs the
 *    whole publish on Anvil while this process (the web process) samples its own RSS every 50 ms and
 *    the child's from /proc: the web process's RSS should not move.
 * Prints figures with the load average; writes nothing else. Timings vary several-fold with load.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { CHAIN_ID, startChain } from "../contracts/test/lib/harness";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { seedParticipants } from "../src/features/airdrop/server/fixtures";
import { requestPublish } from "../src/features/airdrop/server/jobs";
import { adminView, createRound, getRound } from "../src/features/airdrop/server/rounds";
import { bundleChild } from "../test/child-bundle";
import { PUBLISH_CHILD, spawnPublishChild } from "../test/publish-child";
import { scratchDatabase } from "../test/scratch-db";

const N = Number(process.env.BENCH_RECIPIENTS ?? 1_000_000);
const mb = () => Math.round(process.memoryUsage().rss / 1_048_576);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
const s = (ms: number) => (ms / 1000).toFixed(2);

function childRssMb(pid: number): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.log("set BENCH_DATABASE_URL (a scratch PostgreSQL server)");
  process.exit(1);
}
const scratch = await scratchDatabase(base, "aurum_pubreq");
const h = await openDb({ databaseUrl: scratch.url });
const chain = await startChain();
try {
  await migrate(h);
  let t = performance.now();
  await seedParticipants(h.db, { count: N, at: new Date(Date.now() - 3_600_000) });
  console.log(`seeded ${N} participants in ${s(performance.now() - t)} s; load ${load()}`);
  const round = await createRound(
    h.db,
    {
      name: "bench",
      totalAmount: (10n ** 27n).toString(),
      minPoints: 1,
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    },
    "bench",
  );

  // 1. The click: what POST …/publish does (requestPublish + adminView; the audit row is one INSERT).
  const rssBefore = mb();
  const clicks: number[] = [];
  for (let i = 0; i < 5; i++) {
    t = performance.now();
    const r = await requestPublish(h.db, round.id);
    await adminView(h.db, r);
    clicks.push(performance.now() - t);
  }
  console.log(
    `click → 202 (${N} participants): first ${s(clicks[0] as number)} s, repeats ${clicks
      .slice(1)
      .map(s)
      .join(", ")} s; web RSS ${rssBefore} → ${mb()} MB; load ${load()}`,
  );

  // 2. The worker process publishes; this (web) process only watches.
  if (process.env.BENCH_PUBLISH !== "0") {
    const web = { min: mb(), max: mb() };
    let childPeak = 0;
    t = performance.now();
    const child = spawnPublishChild(
      await bundleChild(PUBLISH_CHILD),
      {
        dbUrl: scratch.url,
        rpcUrl: chain.url,
        key: ANVIL_KEYS[0],
        chainId: CHAIN_ID,
        leaseSeconds: 120,
        mode: "worker",
      },
      ["ignore", "pipe", "inherit"],
    );
    let out = "";
    child.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
    });
    const sampler = setInterval(() => {
      const m = mb();
      web.min = Math.min(web.min, m);
      web.max = Math.max(web.max, m);
      childPeak = Math.max(childPeak, childRssMb(child.pid as number));
    }, 50);
    await new Promise<void>((resolve) => child.once("exit", () => resolve()));
    clearInterval(sampler);
    const r = await getRound(h.db, round.id);
    console.log(
      `worker process: ${out.trim()} in ${s(performance.now() - t)} s, its peak RSS ${childPeak} MB; ` +
        `web process RSS meanwhile ${web.min}–${web.max} MB; round ${r.status}, ${r.recipients} recipients; load ${load()}`,
    );
  }
} finally {
  await h.close();
  await chain.stop();
  await scratch.drop();
}

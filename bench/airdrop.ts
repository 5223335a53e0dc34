/**
 * `npm run bench:airdrop`: the airdrop at scale.
 * 1. Allocation (cap + multipliers, exact bigint) and the OpenZeppelin tree with every proof for
 *    BENCH_RECIPIENTS (1,000,000) recipients, in memory: wall and CPU time per phase and peak RSS
 *    (goal ≤ 120 s, ≤ 2 GB). `BENCH_PHASES=scale` runs only this part.
 * 2. The simulator (rule + sensitivity variants) on live data: BENCH_SIM_PARTICIPANTS (100,000)
 *    participants in an in-memory PGlite, ledger read included (goal ≤ 2 s).
 * 3. Proof lookup p95 on PostgreSQL (BENCH_DATABASE_URL, e.g. from `PG_TEST_PORT=55463
 *    PG_TEST_DIR=/tmp/aurum-pg-airdrop bash scripts/pg-test-server.sh start`; skipped when unset) over
 *    BENCH_PROOF_ROWS (1,000,000) stored allocations (goal ≤ 20 ms).
 * Prints the figures and writes bench/results/airdrop.json.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { allocate, type Participant } from "../src/features/airdrop/allocation";
import { seedParticipants } from "../src/features/airdrop/server/fixtures";
import { clearSnapshotCacheForTests } from "../src/features/airdrop/server/participants";
import { createRound, proofOf } from "../src/features/airdrop/server/rounds";
import { roundSimulation } from "../src/features/airdrop/server/simulation";
import { buildTree, LEAF_ENCODING, type Leaf, proofOfLeaf } from "../src/features/airdrop/server/tree";
import { rowsOf } from "../src/features/points/server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1_000_000);
const SIM = Number(process.env.BENCH_SIM_PARTICIPANTS ?? 100_000);
const PROOF_ROWS = Number(process.env.BENCH_PROOF_ROWS ?? 1_000_000);
const mb = () => Math.round(process.memoryUsage().rss / 1e6);
const s = (ms: number) => Math.round(ms) / 1000;
let peak = mb();
const mark = () => {
  peak = Math.max(peak, mb());
};

function p(ms: number[], q: number) {
  const sorted = [...ms].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 100) / 100;
}

async function scale() {
  const tiers = ["Bronze", "Silver", "Gold", "Platinum"];
  const participants: Participant[] = Array.from({ length: RECIPIENTS }, (_, i) => {
    // A long tail with a few heavy users, like a real campaign.
    const points = 1 + Math.floor(10_000 * (((i * 2654435761) % 1000) / 1000) ** 4);
    return {
      address: `0x${(i + 1).toString(16).padStart(40, "0")}`,
      points,
      tier: tiers[points >= 5000 ? 3 : points >= 2000 ? 2 : points >= 500 ? 1 : 0] as string,
    };
  });
  mark();
  let t = performance.now();
  const r = allocate(
    participants,
    {
      minPoints: 1,
      capPerAddress: 10n ** 21n,
      tierMultipliers: { Silver: 12_000, Gold: 15_000, Platinum: 20_000 },
    },
    10n ** 27n,
  );
  const allocation = performance.now() - t;
  mark();
  console.log(
    `allocation: ${r.allocations.length} recipients in ${s(allocation)} s (${r.cappedCount} capped)`,
  );
  t = performance.now();
  let cpu = process.cpuUsage();
  const tree = buildTree(r.allocations);
  const build = performance.now() - t;
  const buildCpu = process.cpuUsage(cpu).user / 1000;
  mark();
  console.log(`tree: ${s(build)} s (CPU ${s(buildCpu)} s), root ${tree.root}`);
  // Every proof, the way publish computes them: per leaf while inserting chunks, never all held.
  t = performance.now();
  cpu = process.cpuUsage();
  let siblings = 0;
  for (let i = 0; i < r.allocations.length; i++) {
    siblings += proofOfLeaf(tree.dump, i).length;
    if (i % 100_000 === 0) mark();
  }
  const proofTime = performance.now() - t;
  const proofCpu = process.cpuUsage(cpu).user / 1000;
  mark();
  // A sample checked with the library's verifier (all of them: tree.test.ts and the integration tests).
  let verified = 0;
  for (let k = 0; k < 200; k++) {
    const i = (k * 7919 * 104729) % r.allocations.length;
    const leaf = tree.dump.values[i]?.value as Leaf;
    if (StandardMerkleTree.verify(tree.root, [...LEAF_ENCODING], leaf, proofOfLeaf(tree.dump, i))) verified++;
  }
  // The OS's high-water mark, which also sees peaks between our samples.
  const maxRss = Math.round(process.resourceUsage().maxRSS / 1000);
  console.log(
    `proofs: ${r.allocations.length} (${siblings} hashes) in ${s(proofTime)} s (CPU ${s(proofCpu)} s); ${verified}/200 sampled proofs verify; peak RSS ${maxRss} MB; load ${loadavg()[0]?.toFixed(1)}`,
  );
  return {
    recipients: r.allocations.length,
    allocationSeconds: s(allocation),
    treeSeconds: s(build),
    treeCpuSeconds: s(buildCpu),
    proofsSeconds: s(proofTime),
    proofsCpuSeconds: s(proofCpu),
    totalSeconds: s(allocation + build + proofTime),
    peakRssMb: Math.max(peak, maxRss),
    sampledProofsVerified: verified,
  };
}

async function simulator() {
  const h = await openDb({ memory: true });
  await migrate(h);
  let t = performance.now();
  await seedParticipants(h.db, { count: SIM, at: new Date(Date.now() - 60_000) });
  console.log(`simulator: ${SIM} participants seeded in ${s(performance.now() - t)} s`);
  const round = await createRound(
    h.db,
    {
      name: "bench",
      totalAmount: (10n ** 27n).toString(),
      minPoints: 100,
      capPerAddress: (10n ** 23n).toString(),
      tierMultipliers: { Silver: 1.2, Gold: 1.5 },
      opensAt: new Date().toISOString(),
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    },
    "0x0000000000000000000000000000000000000001",
  );
  const runs: number[] = [];
  // CPU time of this process (JS + PGlite's wasm): what the machine's load does not inflate.
  const cpuMs: number[] = [];
  for (let i = 0; i < 3; i++) {
    clearSnapshotCacheForTests();
    t = performance.now();
    const cpu = process.cpuUsage();
    await roundSimulation(h.db, round.id);
    runs.push(performance.now() - t);
    cpuMs.push(Math.round(process.cpuUsage(cpu).user / 1000));
  }
  t = performance.now();
  await roundSimulation(h.db, round.id);
  const cached = performance.now() - t;
  await h.close();
  console.log(
    `simulator: ${runs.map((x) => s(x)).join(", ")} s uncached (CPU ${cpuMs.join(", ")} ms); ${s(cached)} s with the snapshot cached; load ${loadavg()[0]?.toFixed(1)}`,
  );
  return { participants: SIM, uncachedSeconds: runs.map(s), cpuMs, cachedSeconds: s(cached) };
}

async function proofLookup() {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    console.log("proof lookup on PostgreSQL: skipped (set BENCH_DATABASE_URL)");
    return null;
  }
  const name = `aurum_airdrop_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const h = await openDb({ databaseUrl: url.toString() });
  try {
    await migrate(h);
    const id = rowsOf<{ id: string }>(
      await h.db.execute(sql`
        INSERT INTO airdrop_rounds (name, token_mode, total_amount, snapshot_at, min_points, tier_multipliers, opens_at, deadline, status, created_by)
        VALUES ('bench', 'deploy', 1, now(), 0, '{}', now(), now() + interval '1 day', 'published', 'bench') RETURNING id`),
    )[0]?.id as string;
    let t = performance.now();
    // 20 sibling hashes per proof, like a tree of a million leaves.
    await h.db.execute(sql`
      INSERT INTO airdrop_allocations (round_id, index, address, amount, points, tier, multiplier_bps, proof)
      SELECT ${id}, g - 1, '0x' || lpad(to_hex(g), 40, '0'), 1000000 + g, g % 5000, 'Bronze', 10000,
        (SELECT jsonb_agg('0x' || md5(g::text || k::text) || md5(k::text || g::text)) FROM generate_series(1, 20) k)
      FROM generate_series(1, ${PROOF_ROWS}::int) g`);
    await h.db.execute(sql`ANALYZE airdrop_allocations`);
    console.log(`proof lookup: ${PROOF_ROWS} rows stored in ${s(performance.now() - t)} s`);
    const ms: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const n = 1 + ((i * 7919 * 104729) % PROOF_ROWS);
      t = performance.now();
      await proofOf(h.db, id, `0x${n.toString(16).padStart(40, "0")}`);
      ms.push(performance.now() - t);
    }
    const out = { rows: PROOF_ROWS, p50Ms: p(ms, 0.5), p95Ms: p(ms, 0.95), maxMs: p(ms, 1) };
    console.log(`proof lookup on PostgreSQL: p50 ${out.p50Ms} ms, p95 ${out.p95Ms} ms`);
    return out;
  } finally {
    await h.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

// BENCH_PHASES=simulator (or scale, proofs; comma-separated) runs only those phases.
const phases = new Set((process.env.BENCH_PHASES ?? "scale,simulator,proofs").split(","));
const result = {
  at: new Date().toISOString(),
  scale: phases.has("scale") ? await scale() : null,
  simulator: phases.has("simulator") ? await simulator() : null,
  proofLookup: phases.has("proofs") ? await proofLookup() : null,
  loadAverage: loadavg().map((x) => Math.round(x * 10) / 10),
};
mkdirSync(path.join(root, "bench", "results"), { recursive: true });
writeFileSync(path.join(root, "bench", "results", "airdrop.json"), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));

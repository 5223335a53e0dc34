/**
 * `npm run bench:leaderboard`: rank and top-100 latency at campaign scale — 100,000 users and
 * 1,000,000 ledger entries — on PGlite (in memory) and on PostgreSQL (BENCH_DATABASE_URL, e.g. from
 * `PG_TEST_PORT=55461 PG_TEST_DIR=/tmp/aurum-pg-bench bash scripts/pg-test-server.sh start`; skipped
 * when unset). Data is generated with set-based SQL (generate_series). Prints p50/p95 of the user's
 * rank query (`userRank`: one index range count on points_totals), of the top-100 query and of the
 * whole leaderboard answer (top 100 + rank + neighbours); writes bench/results/leaderboard.json.
 * Env: BENCH_USERS (100000), BENCH_ENTRIES (1000000), BENCH_RUNS (200).
 */

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type DbHandle, openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { leaderboard, topUsers, userRank } from "../src/features/points/server/rank";
import { rowsOf } from "../src/features/points/server/rows";
import { scratchDatabase } from "../test/scratch-db";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

type Stats = { p50: number; p95: number; max: number; runs: number };

function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  const r = (n: number) => Math.round(n * 100) / 100;
  return { p50: r(at(0.5)), p95: r(at(0.95)), max: r(s.at(-1) ?? 0), runs: s.length };
}

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<Stats> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  return stats(ms);
}

/** 100k users, 1M task credits spread over them and 30 days, totals derived in one pass. */
async function generate(h: DbHandle): Promise<number> {
  const t = performance.now();
  // Referral codes: the user number in base 32 over the real alphabet, 8 characters, all distinct.
  const code = sql.raw(
    Array.from({ length: 8 }, (_, i) => `substr('${ALPHABET}', ((g >> ${5 * i}) & 31) + 1, 1)`).join(" || "),
  );
  await h.db.execute(sql`
    INSERT INTO users (address, referral_code, created_at)
    SELECT '0x' || lpad(to_hex(g), 40, '0'), ${code}, now() - make_interval(secs => g)
    FROM generate_series(1, ${USERS}::int) g`);
  await h.db.execute(sql`CREATE TEMP TABLE bench_users AS
    SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM users`);
  await h.db.execute(sql`CREATE UNIQUE INDEX ON bench_users (n)`);
  // Skewed points (a few heavy users, a long tail), like a real campaign.
  await h.db.execute(sql`
    INSERT INTO points_ledger (user_id, points, reason, source, source_key, task_id, onchain, created_at)
    SELECT b.id, 1 + (random() * random() * 200)::int, 'Bench task', 'task', 'bench:' || g, 'bench', g % 3 = 0,
      now() - random() * interval '30 days'
    FROM generate_series(1, ${ENTRIES}::int) g
    JOIN bench_users b ON b.n = 1 + (hashint(g) % ${USERS}::int)`);
  await h.db.execute(sql`
    INSERT INTO points_totals (user_id, total, updated_at)
    SELECT user_id, sum(points), max(created_at) FROM points_ledger GROUP BY user_id`);
  await h.db.execute(sql`VACUUM ANALYZE points_totals`);
  await h.db.execute(sql`VACUUM ANALYZE points_ledger`);
  await h.db.execute(sql`ANALYZE users`);
  return Math.round(performance.now() - t);
}

async function run(name: string, h: DbHandle) {
  await migrate(h);
  // hashint: a cheap deterministic scatter of ledger rows over users (no row-by-row work).
  await h.exec(`CREATE OR REPLACE FUNCTION hashint(g int) RETURNS int LANGUAGE sql IMMUTABLE AS
    $$ SELECT abs(((g::bigint * 2654435761) % 2147483647)::int) $$`);
  console.log(
    `[${name}] generating ${USERS.toLocaleString()} users and ${ENTRIES.toLocaleString()} ledger entries…`,
  );
  const generateMs = await generate(h);
  const counts = rowsOf<{ users: string; entries: string; ranked: string }>(
    await h.db.execute(sql`SELECT (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM points_ledger) AS entries, (SELECT count(*) FROM points_totals) AS ranked`),
  )[0];
  // Sample users across the whole ranking (the rank count is longest for users at the bottom).
  const sample = rowsOf<{ user_id: string }>(
    await h.db.execute(sql`SELECT user_id FROM points_totals ORDER BY random() LIMIT ${RUNS}`),
  ).map((r) => r.user_id);
  const bottom = rowsOf<{ user_id: string }>(
    await h.db.execute(sql`SELECT user_id FROM points_totals ORDER BY total, updated_at DESC LIMIT 1`),
  )[0]?.user_id;
  await userRank(h.db, sample[0] ?? ""); // warm-up
  await topUsers(h.db, 100);
  const rank = await timed(sample.length, (i) => userRank(h.db, sample[i] ?? ""));
  const rankBottom = await timed(20, () => userRank(h.db, bottom ?? ""));
  const top100 = await timed(Math.min(RUNS, 100), () => topUsers(h.db, 100));
  const full = await timed(Math.min(RUNS, 50), (i) => leaderboard(h.db, sample[i] ?? ""));
  const result = {
    users: Number(counts?.users),
    entries: Number(counts?.entries),
    rankedUsers: Number(counts?.ranked),
    generateMs,
    rankQueryMs: rank,
    rankQueryLastPlaceMs: rankBottom,
    top100QueryMs: top100,
    leaderboardAnswerMs: full,
  };
  console.log(
    `[${name}] rank p50 ${rank.p50} ms, p95 ${rank.p95} ms (last place p50 ${rankBottom.p50} ms) · ` +
      `top-100 p50 ${top100.p50} ms, p95 ${top100.p95} ms · whole leaderboard p50 ${full.p50} ms, p95 ${full.p95} ms`,
  );
  return result;
}

const results: Record<string, unknown> = {
  at: new Date().toISOString(),
  note: "rank = count of points_totals rows with a greater total + 1 (index points_totals_rank_idx)",
};

const lite = await openDb({ memory: true });
try {
  results.pglite = await run("pglite", lite);
} finally {
  await lite.close();
}

const base = process.env.BENCH_DATABASE_URL;
if (base) {
  const scratch = await scratchDatabase(base, "aurum_bench");
  const h = await openDb({ databaseUrl: scratch.url });
  try {
    results.postgres = await run("postgres", h);
  } finally {
    await h.close();
    await scratch.drop();
  }
} else {
  console.log("[postgres] skipped: set BENCH_DATABASE_URL (see the header of bench/leaderboard.ts)");
}

mkdirSync(path.join(root, "bench", "results"), { recursive: true });
writeFileSync(
  path.join(root, "bench", "results", "leaderboard.json"),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log("wrote bench/results/leaderboard.json");

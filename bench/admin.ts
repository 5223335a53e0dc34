/**
 * `npm run bench:admin`: the console's overview (GET /api/admin/overview, the `overview` service)
 * for 100,000 participants and 1,000,000 analytics events on PostgreSQL. Needs BENCH_DATABASE_URL,
 * e.g. from `PG_TEST_PORT=55462 PG_TEST_DIR=/tmp/aurum-pg-admin bash scripts/pg-test-server.sh start`.
 * Data is generated with set-based SQL over 30 days: users, sessions, ledger credits, faucet claims,
 * tickets and events. Prints p50/p95 of a 30-day overview (budget: p95 ≤ 500 ms; rollups filled by a
 * first call, whose time is printed), the direct computation without rollups beside it, and writes
 * bench/results/admin.json. Env: BENCH_USERS (100000), BENCH_EVENTS (1000000), BENCH_RUNS (50).
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { cachedOverview, overview } from "../src/features/admin/server/overview";
import { overviewDirect } from "../src/features/admin/server/overview-direct";
import { scratchDatabase } from "../test/scratch-db";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BUDGET_MS = 500;

const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.error("bench:admin needs BENCH_DATABASE_URL (see the comment at the top of bench/admin.ts)");
  process.exit(2);
}
const scratch = await scratchDatabase(base, "aurum_bench");
const h = await openDb({ databaseUrl: scratch.url });
try {
  await migrate(h);
  const t0 = performance.now();
  const day = 86_400;
  await h.db.execute(sql`
    INSERT INTO users (address, referral_code, created_at)
    SELECT '0x' || lpad(to_hex(g), 40, '0'), 'B' || lpad(to_hex(g), 8, '0'), now() - make_interval(secs => (g::bigint * 2592000 / ${USERS}::int)::double precision)
    FROM generate_series(1, ${USERS}::int) g`);
  await h.db.execute(sql`
    INSERT INTO sessions (id_hash, user_id, created_at, expires_at)
    SELECT md5(u.id::text || k), u.id, u.created_at + make_interval(secs => k * 3600), now() + interval '7 days'
    FROM users u, generate_series(0, 2) k`);
  await h.db.execute(sql`
    INSERT INTO tasks (id, title, description, type, params, points, repeat)
    SELECT 'task-' || g, 'Task ' || g, 'd', 'daily_checkin', '{}'::jsonb, 10, 'daily' FROM generate_series(1, 10) g`);
  await h.db.execute(sql`
    INSERT INTO points_ledger (user_id, points, reason, source, source_key, task_id, onchain, created_at)
    SELECT u.id, 10, 'Task', 'task', 'b:' || u.id || ':' || k, 'task-' || (1 + (abs(hashtext(u.id::text)) + k) % 10), k = 0, u.created_at + make_interval(secs => k * 600)
    FROM users u, generate_series(0, 4) k`);
  await h.db.execute(sql`
    INSERT INTO faucet_claims (id, user_id, address, status, created_at)
    SELECT gen_random_uuid(), u.id, u.address, 'confirmed', u.created_at FROM users u WHERE abs(hashtext(u.id::text)) % 2 = 0`);
  await h.db.execute(sql`
    INSERT INTO faucet_payments (claim_id, asset, amount, status)
    SELECT c.id, 'native', 1000000000000000000, 'confirmed' FROM faucet_claims c`);
  await h.db.execute(sql`
    INSERT INTO support_tickets (user_id, email, category, subject, status, idempotency_key, created_at)
    SELECT u.id, 'a@example.org', 'other', 'Help', 'open', 'k' || u.id, u.created_at FROM users u WHERE abs(hashtext(u.id::text)) % 50 = 0`);
  await h.db.execute(sql`
    INSERT INTO analytics_events (name, client_id, path, created_at)
    SELECT (ARRAY['PAGE_VIEW','PAGE_VIEW','PAGE_VIEW','PAGE_VIEW','MODAL_OPEN','MODAL_CLOSE','WALLET_CONNECTED','SIWX_AUTH_SUCCESS'])[1 + g % 8],
           'c' || (g % ${Math.round(USERS * 1.5)}::int), '/', now() - make_interval(secs => (g % (30 * ${day}::int)))
    FROM generate_series(1, ${EVENTS}::int) g`);
  await h.db.execute(sql`ANALYZE`);
  const genSeconds = Math.round((performance.now() - t0) / 100) / 10;

  // The range the console asks for by default (src/features/admin/schema.ts rangeQuery): the last 30
  // whole UTC days up to the end of today. BENCH_UNALIGNED=1 measures [now - 30 days, now) instead.
  const now = Date.now();
  const to = process.env.BENCH_UNALIGNED
    ? new Date(now)
    : new Date(Math.floor(now / 86_400_000 + 1) * 86_400_000);
  const from = new Date(to.getTime() - 30 * day * 1000);
  // The first call fills the daily rollups of the closed days (once per day, ever).
  let t1 = performance.now();
  await overview(h.db, { from, to });
  const coldMs = Math.round(performance.now() - t1);
  // Side by side under the same load: the direct computation (no rollups, the previous code).
  const direct: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 10); i++) {
    t1 = performance.now();
    await overviewDirect(h.db, { from, to });
    direct.push(performance.now() - t1);
  }
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await overview(h.db, { from, to });
    ms.push(performance.now() - t);
  }
  // What the route answers: the 30-second cache (one computation per range per process).
  const served: number[] = [];
  for (let i = 0; i < RUNS * 10; i++) {
    const t = performance.now();
    await cachedOverview(h.db, { from, to });
    served.push(performance.now() - t);
  }
  const pct = (xs: number[], q: number) => {
    const sorted = [...xs].sort((x, y) => x - y);
    return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  };
  const result = {
    users: USERS,
    events: EVENTS,
    runs: RUNS,
    generateSeconds: genSeconds,
    coldFirstCallMs: coldMs,
    directP50: pct(direct, 0.5),
    directP95: pct(direct, 0.95),
    loadAverage: loadavg().map((x) => Math.round(x * 10) / 10),
    p50: pct(ms, 0.5),
    p95: pct(ms, 0.95),
    max: pct(ms, 1),
    servedP95: pct(served, 0.95),
    budgetMs: BUDGET_MS,
  };
  console.log(
    `overview over 30 days, ${USERS.toLocaleString("en-US")} participants, ${EVENTS.toLocaleString("en-US")} events (PostgreSQL):`,
  );
  console.log(
    `  uncached: p50 ${result.p50} ms, p95 ${result.p95} ms, max ${result.max} ms over ${RUNS} runs (budget p95 ≤ ${BUDGET_MS} ms)`,
  );
  console.log(`  first call (fills the rollups of ${30} closed days): ${coldMs} ms`);
  console.log(
    `  direct, without rollups (the previous code): p50 ${result.directP50} ms, p95 ${result.directP95} ms over ${direct.length} runs`,
  );
  console.log(`  load average ${result.loadAverage.join(" / ")} (1/5/15 min)`);
  console.log(`  served by the route (30 s cache): p95 ${result.servedP95} ms over ${RUNS * 10} requests`);
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", "admin.json"), `${JSON.stringify(result, null, 2)}\n`);
  if (result.p95 > BUDGET_MS) process.exitCode = 1;
} finally {
  await h.close();
  // BENCH_KEEP=1 keeps the database to study the plans (its name is printed).
  if (process.env.BENCH_KEEP) {
    console.log(`kept database ${scratch.name}`);
    await scratch.keep();
  } else await scratch.drop();
}

import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { consoleDaily, consoleDailyDays } from "@/db/schema";
import { query } from "./sql";

/**
 * Daily rollups of the overview's additive figures (issue 14: p95 ≤ 500 ms at 100,000 participants
 * and 1,000,000 events, bench/admin.ts). A closed UTC day never changes: its rows are stamped with
 * the time of their insert (created_at defaults to now()), so its per-day figure is computed once,
 * stored in console_daily and marked done in console_daily_days; the current day, a day still in its
 * grace period, partial days at the edges of the range, and days not yet closable are computed live
 * from the base tables. Distinct counts over a range (funnel steps) are not additive and stay live in
 * overview.ts. Concurrent fills insert the same values; ON CONFLICT DO NOTHING keeps one.
 */

export const METRICS = [
  "new_participants",
  "sign_ins",
  "faucet_outflow",
  "completions",
  "first_onchain_task",
] as const;
export type Metric = (typeof METRICS)[number];
/** One figure of one day: `key` is the asset (outflow), the task id (completions) or "". */
export type DayValue = { day: string; key: string; value: bigint };

const DAY_MS = 86_400_000;
/** A day is closed this long after its end: a transaction that began before midnight has committed by then. */
const GRACE_MS = 10 * 60_000;
/** Faucet payments that may still change state (and so the outflow of their claim's day). */
const OPEN_PAYMENT = sql`p.status IN ('queued', 'sent')`;

const dayOf = (col: string) => sql.raw(`to_char(date_trunc('day', ${col} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`);
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const startOfDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;

/** Per-day values of `metric` over [a, b), from the base tables. */
async function live(db: Db, metric: Metric, a: Date, b: Date): Promise<DayValue[]> {
  const q = {
    // A participant counts on the day of the first sign-in, not when the points import added the row.
    new_participants: sql`SELECT ${dayOf("first_sign_in_at")} AS day, '' AS key, count(*)::text AS value
        FROM users WHERE first_sign_in_at >= ${a} AND first_sign_in_at < ${b} GROUP BY 1`,
    sign_ins: sql`SELECT ${dayOf("created_at")} AS day, '' AS key, count(*)::text AS value
        FROM sessions WHERE created_at >= ${a} AND created_at < ${b} GROUP BY 1`,
    faucet_outflow: sql`SELECT ${dayOf("c.created_at")} AS day, p.asset AS key, sum(p.amount)::text AS value
        FROM faucet_payments p JOIN faucet_claims c ON c.id = p.claim_id
        WHERE p.status IN ('sent', 'confirmed') AND c.created_at >= ${a} AND c.created_at < ${b} GROUP BY 1, 2`,
    completions: sql`SELECT ${dayOf("created_at")} AS day, task_id AS key, count(*)::text AS value
        FROM points_ledger WHERE source = 'task' AND task_id IS NOT NULL
          AND created_at >= ${a} AND created_at < ${b} GROUP BY 1, 2`,
    // Users whose first on-chain task falls in [a, b): a row in it and none before it
    // (points_ledger_onchain_task_idx answers the "none before").
    first_onchain_task: sql`SELECT ${dayOf("first")} AS day, '' AS key, count(*)::text AS value FROM (
          SELECT l.user_id, min(l.created_at) AS first FROM points_ledger l
          WHERE l.source = 'task' AND l.onchain AND l.created_at >= ${a} AND l.created_at < ${b}
            AND NOT EXISTS (SELECT 1 FROM points_ledger e WHERE e.user_id = l.user_id
              AND e.source = 'task' AND e.onchain AND e.created_at < ${a})
          GROUP BY l.user_id) f GROUP BY 1`,
  }[metric];
  const rows = await query<{ day: string; key: string; value: string }>(db, q);
  return rows.map((r) => ({ day: r.day, key: r.key, value: BigInt(r.value) }));
}

/** Days of [a, b) (both at midnight) that cannot be closed yet for `metric` (outflow with open payments). */
async function notClosable(db: Db, metric: Metric, a: Date, b: Date): Promise<Set<string>> {
  if (metric !== "faucet_outflow") return new Set();
  const rows = await query<{ day: string }>(
    db,
    sql`SELECT DISTINCT ${dayOf("c.created_at")} AS day FROM faucet_payments p JOIN faucet_claims c ON c.id = p.claim_id
        WHERE ${OPEN_PAYMENT} AND c.created_at >= ${a} AND c.created_at < ${b}`,
  );
  return new Set(rows.map((r) => r.day));
}

/** Computes and stores the missing closed days (one live query over their span), returns those now done. */
async function fill(db: Db, metric: Metric, missing: string[]): Promise<string[]> {
  const a = new Date(`${missing[0]}T00:00:00Z`);
  const b = new Date(new Date(`${missing[missing.length - 1]}T00:00:00Z`).getTime() + DAY_MS);
  const skip = await notClosable(db, metric, a, b);
  const days = missing.filter((d) => !skip.has(d));
  if (days.length === 0) return [];
  const wanted = new Set(days);
  const values = (await live(db, metric, a, b)).filter((v) => wanted.has(v.day));
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += 1_000) {
      const chunk = values.slice(i, i + 1_000).map((v) => ({ ...v, metric, value: v.value.toString() }));
      await tx.insert(consoleDaily).values(chunk).onConflictDoNothing();
    }
    await tx
      .insert(consoleDailyDays)
      .values(days.map((day) => ({ metric, day })))
      .onConflictDoNothing();
  });
  return days;
}

/**
 * Per-day values of `metric` over [from, to): stored closed days plus live SQL over everything else
 * (at most the partial first day, the open tail, and closed days a fill had to leave out).
 */
export async function dailyValues(
  db: Db,
  metric: Metric,
  from: Date,
  to: Date,
  now: Date,
): Promise<DayValue[]> {
  const fullStart = startOfDay(from.getTime() + DAY_MS - 1);
  const closedEnd = Math.min(startOfDay(to.getTime()), startOfDay(now.getTime() - GRACE_MS));
  const done = new Set<string>();
  const out: DayValue[] = [];
  if (fullStart < closedEnd) {
    const [a, b] = [isoDay(fullStart), isoDay(closedEnd)];
    const marked = await db
      .select({ day: consoleDailyDays.day })
      .from(consoleDailyDays)
      .where(
        and(eq(consoleDailyDays.metric, metric), gte(consoleDailyDays.day, a), lt(consoleDailyDays.day, b)),
      );
    for (const m of marked) done.add(m.day);
    const missing: string[] = [];
    for (let t = fullStart; t < closedEnd; t += DAY_MS) if (!done.has(isoDay(t))) missing.push(isoDay(t));
    if (missing.length > 0) for (const d of await fill(db, metric, missing)) done.add(d);
    const stored = await query<{ day: string; key: string; value: string }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, key, value::text AS value FROM console_daily
          WHERE metric = ${metric} AND day >= ${a} AND day < ${b}`,
    );
    for (const r of stored) if (done.has(r.day)) out.push({ day: r.day, key: r.key, value: BigInt(r.value) });
  }
  // Everything of [from, to) not covered by a done day, as few contiguous intervals as possible.
  const intervals: [number, number][] = [];
  let start = from.getTime();
  for (let t = fullStart; t < closedEnd; t += DAY_MS) {
    if (!done.has(isoDay(t))) continue;
    if (start < t) intervals.push([start, t]);
    start = t + DAY_MS;
  }
  if (start < to.getTime()) intervals.push([start, to.getTime()]);
  const parts = await Promise.all(intervals.map(([a, b]) => live(db, metric, new Date(a), new Date(b))));
  for (const p of parts) out.push(...p);
  return out;
}

import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { query } from "./sql";

/**
 * Distinct actors per funnel step over a range, without a distinct scan of the base tables (at a
 * million events that scan alone took over a second, bench/admin.ts). Each step's actors are folded
 * into console_actor_days (one row per actor with the UTC days it was seen); a fold re-reads only
 * what arrived since the last one, from GRACE before it (a row committed late with an earlier
 * created_at is still caught; re-folding is idempotent: days are a set). Whole days of the range
 * are counted from the folded rows; the partial days at its edges (the console always asks for
 * whole days) are added live, each actor once.
 */

type Step = "visit" | "connect" | "sign-in" | "faucet";

/** (actor, at) rows of each step, from the base tables. */
const SOURCES: Record<Step, ReturnType<typeof sql>> = {
  visit: sql`SELECT client_id AS actor, created_at AS at FROM analytics_events WHERE name = 'PAGE_VIEW'`,
  connect: sql`SELECT client_id AS actor, created_at AS at FROM analytics_events WHERE name = 'WALLET_CONNECTED'`,
  "sign-in": sql`SELECT user_id::text AS actor, created_at AS at FROM sessions`,
  faucet: sql`SELECT user_id::text AS actor, created_at AS at FROM faucet_claims WHERE user_id IS NOT NULL`,
};

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2000, 0, 1);
const dayNumber = (t: number) => Math.floor((t - EPOCH) / DAY_MS);
const DAY_OF = sql.raw(`((s.at AT TIME ZONE 'UTC')::date - date '2000-01-01')`);

/** Folds the step's rows since its last fold into console_actor_days. */
async function fold(db: Db, step: Step): Promise<void> {
  const since = await query<{ from: Date | string | null }>(
    db,
    sql`SELECT through - interval '10 minutes' AS from FROM console_actor_fold WHERE step = ${step}`,
  );
  const from = since[0]?.from ? new Date(since[0].from) : null;
  await db.transaction(async (tx) => {
    const stamp = await query<{ now: Date | string }>(tx as unknown as Db, sql`SELECT now() AS now`);
    await tx.execute(sql`
      INSERT INTO console_actor_days (step, actor, days)
      SELECT ${step}, s.actor, array_agg(DISTINCT ${DAY_OF})
      FROM (${SOURCES[step]}) s
      WHERE ${from ? sql`s.at >= ${from}` : sql`true`}
      GROUP BY s.actor
      ON CONFLICT (step, actor) DO UPDATE SET days = ARRAY(
        SELECT DISTINCT d FROM unnest(console_actor_days.days || EXCLUDED.days) d ORDER BY d)
      WHERE NOT (console_actor_days.days @> EXCLUDED.days)`);
    await tx.execute(sql`
      INSERT INTO console_actor_fold (step, through) VALUES (${step}, ${new Date(stamp[0]?.now ?? Date.now())})
      ON CONFLICT (step) DO UPDATE SET through = greatest(console_actor_fold.through, EXCLUDED.through)`);
  });
}

/** Distinct actors of `step` seen in [from, to). */
export async function distinctActors(db: Db, step: Step, from: Date, to: Date): Promise<number> {
  await fold(db, step);
  const first = Math.ceil((from.getTime() - EPOCH) / DAY_MS); // first whole day
  const end = dayNumber(to.getTime()); // whole days end (exclusive)
  const days: number[] = [];
  for (let d = first; d < end; d++) days.push(d);
  const whole = days.length > 0 ? sql`a.days && ${sql.raw(`ARRAY[${days.join(",")}]::int[]`)}` : sql`false`;
  // Edges: [from, first day) and [end day, to), when the range does not start/end at midnight.
  const edges: [Date, Date][] = [];
  const firstAt = new Date(EPOCH + first * DAY_MS);
  const endAt = new Date(EPOCH + Math.max(end, first) * DAY_MS);
  if (days.length === 0) edges.push([from, to]);
  else {
    if (from < firstAt) edges.push([from, firstAt]);
    if (endAt < to) edges.push([endAt, to]);
  }
  const edgeRows = edges.length
    ? // One indexed range per edge (an OR of ranges would scan the whole table).
      sql`SELECT count(*) AS n FROM (SELECT DISTINCT u.actor FROM (${sql.join(
        edges.map(
          ([a, b]) => sql`SELECT s.actor FROM (${SOURCES[step]}) s WHERE s.at >= ${a} AND s.at < ${b}`,
        ),
        sql` UNION ALL `,
      )}) u) e WHERE NOT EXISTS (SELECT 1 FROM console_actor_days a WHERE a.step = ${step} AND a.actor = e.actor AND ${whole})`
    : sql`SELECT 0 AS n`;
  const rows = await query<{ whole: string; edge: string }>(
    db,
    sql`SELECT (SELECT count(*) FROM console_actor_days a WHERE a.step = ${step} AND ${whole}) AS whole,
               (${edgeRows}) AS edge`,
  );
  return Number(rows[0]?.whole ?? 0) + Number(rows[0]?.edge ?? 0);
}

import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { Overview } from "../schema";
import { airdropClaims, funnelSteps, openTickets } from "./overview-live";
import { query } from "./sql";

// The overview computed directly from the base tables, as it was before the daily rollups
// (overview-rollup.ts): the oracle overview.int.test.ts compares the rollup-based answer with.
// Test-only; completions order ties by task id so both answers are comparable. It shares with
// overview.ts only what both read live (overview-live.ts: the funnel's step list, airdrop claims,
// open tickets); the daily figures and the funnel's distinct counts, which overview.ts takes from
// rollups and folds, are computed here again straight from the base tables, so the check stays
// independent of the code under test.

const day = (col: string) => sql.raw(`date_trunc('day', ${col} AT TIME ZONE 'UTC')`);
/** Groups by the truncated timestamp and formats once per day, not once per row. */
const perDay = (inner: ReturnType<typeof sql>) =>
  sql`SELECT to_char(d, 'YYYY-MM-DD') AS day, n FROM (${inner}) x ORDER BY 1`;

export async function overviewDirect(db: Db, range: { from: Date; to: Date }): Promise<Overview> {
  const { from, to } = range;
  const [newUsers, signIns, funnel, outflow, completions, completionsTotal, tickets] = await Promise.all([
    query<{ day: string; n: string }>(
      db,
      perDay(sql`SELECT ${day("first_sign_in_at")} AS d, count(*) AS n FROM users
          WHERE first_sign_in_at >= ${from} AND first_sign_in_at < ${to} GROUP BY 1`),
    ),
    query<{ day: string; n: string }>(
      db,
      perDay(sql`SELECT ${day("created_at")} AS d, count(*) AS n FROM sessions
          WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1`),
    ),
    funnelOf(db, from, to),
    query<{ day: string; asset: string; amount: string }>(
      db,
      sql`SELECT to_char(d, 'YYYY-MM-DD') AS day, asset, amount FROM (
            SELECT ${day("c.created_at")} AS d, p.asset, sum(p.amount)::text AS amount
            FROM faucet_payments p JOIN faucet_claims c ON c.id = p.claim_id
            WHERE p.status IN ('sent', 'confirmed') AND c.created_at >= ${from} AND c.created_at < ${to}
            GROUP BY 1, 2) x ORDER BY 1, 2`,
    ),
    query<{ task_id: string; title: string | null; n: string }>(
      db,
      sql`SELECT l.task_id, t.title, count(*) AS n FROM points_ledger l LEFT JOIN tasks t ON t.id = l.task_id
          WHERE l.source = 'task' AND l.task_id IS NOT NULL AND l.created_at >= ${from} AND l.created_at < ${to}
          GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 50`,
    ),
    query<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM points_ledger l
          WHERE l.source = 'task' AND l.task_id IS NOT NULL AND l.created_at >= ${from} AND l.created_at < ${to}`,
    ),
    openTickets(db),
  ]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    newParticipants: newUsers.map((r) => ({ day: r.day, count: Number(r.n) })),
    signIns: signIns.map((r) => ({ day: r.day, count: Number(r.n) })),
    funnel,
    faucetOutflow: outflow.map((r) => ({ day: r.day, asset: r.asset, amount: r.amount })),
    completions: completions.map((r) => ({
      taskId: r.task_id,
      title: r.title ?? r.task_id,
      count: Number(r.n),
    })),
    completionsTotal: Number(completionsTotal[0]?.n ?? 0),
    openTickets: tickets,
  };
}

async function distinctClients(db: Db, name: string, from: Date, to: Date): Promise<number> {
  const rows = await query<{ n: string }>(
    db,
    // DISTINCT in a subquery hashes; count(DISTINCT …) sorts, several times slower at a million rows.
    sql`SELECT count(*) AS n FROM (SELECT DISTINCT client_id FROM analytics_events
        WHERE name = ${name} AND created_at >= ${from} AND created_at < ${to}) c`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The funnel: visit and connect are counted in browsers (first-party events), sign-in and later
 * steps in participants from the server's own tables, so a forged event cannot inflate them.
 */
async function funnelOf(db: Db, from: Date, to: Date): Promise<Overview["funnel"]> {
  const [visit, connect, signIn, faucet, onchain, airdrop] = await Promise.all([
    distinctClients(db, "PAGE_VIEW", from, to),
    distinctClients(db, "WALLET_CONNECTED", from, to),
    query<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM (SELECT DISTINCT user_id FROM sessions WHERE created_at >= ${from} AND created_at < ${to}) s`,
    ),
    query<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM (SELECT DISTINCT user_id FROM faucet_claims WHERE created_at >= ${from} AND created_at < ${to}) f`,
    ),
    query<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM (
            SELECT user_id, min(created_at) AS first FROM points_ledger
            WHERE source = 'task' AND onchain GROUP BY user_id) f
          WHERE f.first >= ${from} AND f.first < ${to}`,
    ),
    airdropClaims(db, from, to),
  ]);
  return funnelSteps({
    visit,
    connect,
    signIn: Number(signIn[0]?.n ?? 0),
    faucet: Number(faucet[0]?.n ?? 0),
    firstOnchain: Number(onchain[0]?.n ?? 0),
    airdrop,
  });
}

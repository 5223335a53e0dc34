import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "@/db/client";
import type { Overview } from "../schema";
import { distinctActors } from "./overview-funnel";
import { airdropClaims, funnelSteps, openTickets } from "./overview-live";
import { type DayValue, dailyValues, type Metric } from "./overview-rollup";
import { query } from "./sql";

// GET /api/admin/overview: additive figures come from daily rollups (closed days stored once, the
// rest live: overview-rollup.ts); distinct counts and open tickets are live aggregates over indexed
// ranges. bench/admin.ts measures it at 100,000 participants and 1,000,000 events.

const byDayKey = (a: DayValue, b: DayValue) =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/** Sums values of the same (day, key) (a day may come from several live intervals). */
function merged(values: DayValue[]): DayValue[] {
  const m = new Map<string, DayValue>();
  for (const v of values) {
    const k = `${v.day}|${v.key}`;
    const e = m.get(k);
    if (e) e.value += v.value;
    else m.set(k, { ...v });
  }
  return [...m.values()].sort(byDayKey);
}

export async function overview(db: Db, range: { from: Date; to: Date }, now = new Date()): Promise<Overview> {
  const { from, to } = range;
  const daily = (m: Metric) => dailyValues(db, m, from, to, now).then(merged);
  const [newUsers, signIns, outflow, completions, firstOnchain, funnel, tickets] = await Promise.all([
    daily("new_participants"),
    daily("sign_ins"),
    daily("faucet_outflow"),
    daily("completions"),
    daily("first_onchain_task"),
    funnelOf(db, from, to),
    openTickets(db),
  ]);
  const perTask = new Map<string, bigint>();
  let completionsTotal = 0n;
  for (const c of completions) {
    perTask.set(c.key, (perTask.get(c.key) ?? 0n) + c.value);
    completionsTotal += c.value;
  }
  const top = [...perTask]
    .sort((a, b) => (a[1] === b[1] ? (a[0] < b[0] ? -1 : 1) : a[1] > b[1] ? -1 : 1))
    .slice(0, 50);
  const titles = new Map(
    top.length === 0
      ? []
      : (
          await query<{ id: string; title: string }>(
            db,
            sql`SELECT id, title FROM tasks WHERE id IN (${sql.join(
              top.map(([id]) => sql`${id}`),
              sql`, `,
            )})`,
          )
        ).map((r) => [r.id, r.title]),
  );
  const firstOnchainCount = firstOnchain.reduce((s, v) => s + Number(v.value), 0);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    newParticipants: newUsers.map((r) => ({ day: r.day, count: Number(r.value) })),
    signIns: signIns.map((r) => ({ day: r.day, count: Number(r.value) })),
    funnel: funnelSteps({ ...funnel, firstOnchain: firstOnchainCount }),
    faucetOutflow: outflow.map((r) => ({ day: r.day, asset: r.key, amount: r.value.toString() })),
    completions: top.map(([taskId, n]) => ({
      taskId,
      title: titles.get(taskId) ?? taskId,
      count: Number(n),
    })),
    // Over every task, not only the 50 listed.
    completionsTotal: Number(completionsTotal),
    openTickets: tickets,
  };
}

/**
 * The funnel's distinct counts: visit and connect are counted in browsers (first-party events),
 * sign-in and later steps in participants from the server's own tables, so a forged event cannot
 * inflate them. The first on-chain task comes from its rollup (`overview`).
 */
async function funnelOf(db: Db, from: Date, to: Date) {
  // Each step folds in a short transaction of its own (PGlite queues them on its one connection).
  const [visit, connect, signIn, faucet, airdrop] = await Promise.all([
    distinctActors(db, "visit", from, to),
    distinctActors(db, "connect", from, to),
    distinctActors(db, "sign-in", from, to),
    distinctActors(db, "faucet", from, to),
    airdropClaims(db, from, to),
  ]);
  return { visit, connect, signIn, faucet, airdrop };
}

// The console polls the overview every minute and several operators may watch it: one computation
// per range every OVERVIEW_TTL_MS per process, concurrent requests sharing the one in flight.
export const OVERVIEW_TTL_MS = 30_000;
const cache = new LRUCache<string, Promise<Overview>>({ max: 50, ttl: OVERVIEW_TTL_MS });

/** `overview`, at most OVERVIEW_TTL_MS old (the screen says so). */
export function cachedOverview(db: Db, range: { from: Date; to: Date }): Promise<Overview> {
  const key = `${range.from.toISOString()}|${range.to.toISOString()}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const work = overview(db, range);
  cache.set(key, work);
  work.catch(() => cache.delete(key));
  return work;
}

import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { logger } from "@/server/logger";
import type { Overview } from "../schema";
import { query, tableExists } from "./sql";

// The parts of the overview that are read live from the base tables in production too: the step
// list of the funnel, its airdrop step and the open tickets. overview.ts and its test oracle
// overview-direct.ts share them because neither computes them from rollups, so there is nothing
// for the oracle to check independently here. What the oracle does check, the rolled-up daily
// figures and the folded distinct counts of the funnel steps, stays written twice on purpose.

/** The funnel's steps in the order the console shows them, from each step's count. */
export function funnelSteps(c: {
  visit: number;
  connect: number;
  signIn: number;
  faucet: number;
  firstOnchain: number;
  airdrop: number | null;
}): Overview["funnel"] {
  return [
    { step: "visit", count: c.visit },
    { step: "connect", count: c.connect },
    { step: "sign-in", count: c.signIn },
    { step: "faucet", count: c.faucet },
    { step: "first on-chain task", count: c.firstOnchain },
    { step: "airdrop claim", count: c.airdrop },
  ];
}

/** Airdrop claims when the airdrop feature's table exists; null (shown as "not available") otherwise. */
export async function airdropClaims(db: Db, from: Date, to: Date): Promise<number | null> {
  if (!(await tableExists(db, "airdrop_claims"))) return null;
  try {
    const rows = await query<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM airdrop_claims WHERE created_at >= ${from} AND created_at < ${to}`,
    );
    return Number(rows[0]?.n ?? 0);
  } catch (err) {
    logger.warn({ err }, "airdrop_claims has an unexpected shape; the funnel leaves the step out");
    return null;
  }
}

/** Open support tickets by age, as of now. */
export async function openTickets(db: Db): Promise<Overview["openTickets"]> {
  const rows = await query<{
    open: string;
    under_day: string;
    under_week: string;
    older: string;
    oldest: Date | string | null;
  }>(
    db,
    sql`SELECT count(*) AS open,
          count(*) FILTER (WHERE created_at > now() - interval '1 day') AS under_day,
          count(*) FILTER (WHERE created_at <= now() - interval '1 day' AND created_at > now() - interval '7 days') AS under_week,
          count(*) FILTER (WHERE created_at <= now() - interval '7 days') AS older,
          min(created_at) AS oldest
        FROM support_tickets WHERE status = 'open'`,
  );
  const t = rows[0];
  return {
    total: Number(t?.open ?? 0),
    underOneDay: Number(t?.under_day ?? 0),
    oneToSevenDays: Number(t?.under_week ?? 0),
    olderThanSevenDays: Number(t?.older ?? 0),
    oldestAt: t?.oldest ? new Date(t.oldest).toISOString() : null,
  };
}

import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { FAUCET_ASSETS, type FaucetAsset, type FaucetPublic, type FaucetStatus } from "../schema";
import { cachedFaucetBalances } from "./balances";
import { type FaucetChain, faucetChainFromConfig, faucetStateFrom } from "./chain";
import { latestClaimView, nextClaimAt } from "./claims";
import { queryRows } from "./rows";
import { ASSET_DECIMALS, type FaucetSettings, faucetSettings } from "./settings";

export { faucetBalanceState, resetFaucetStateCache } from "./balances";

const RECENT_PAYOUTS = 10;
const mask = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** The faucet as anyone may see it: balances, today's outflow per hour against the caps, queue, payouts. */
export async function faucetPublicStats(
  db: Db,
  settings: FaucetSettings,
  chain: () => FaucetChain = faucetChainFromConfig,
): Promise<FaucetPublic> {
  const symbols = { native: config().NATIVE_SYMBOL, tUSD: "tUSD", tETH: "tETH" } as const;
  const [balances, hourly, queue, recent] = await Promise.all([
    cachedFaucetBalances(chain),
    queryRows<{ asset: FaucetAsset; hour: number | string; total: string }>(
      db,
      sql`SELECT p.asset, extract(hour FROM c.created_at AT TIME ZONE 'UTC')::int AS hour,
            sum(p.amount)::text AS total
          FROM faucet_payments p JOIN faucet_claims c ON c.id = p.claim_id
          WHERE c.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
            AND p.status <> 'failed'
          GROUP BY p.asset, hour`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`SELECT count(*)::int AS n FROM faucet_claims WHERE status = 'queued'`,
    ),
    queryRows<{ address: string; asset: FaucetAsset; amount: string; hash: string; at: string | Date }>(
      db,
      sql`SELECT c.address, p.asset, p.amount::text AS amount, t.hash, t.updated_at AS at
          FROM faucet_payments p JOIN faucet_txs t ON t.id = p.tx_id JOIN faucet_claims c ON c.id = p.claim_id
          WHERE p.status = 'confirmed'
          ORDER BY t.id DESC, c.seq DESC LIMIT ${RECENT_PAYOUTS}`,
    ),
  ]);
  const [nowHourRow] = await queryRows<{ h: number | string }>(
    db,
    sql`SELECT extract(hour FROM now() AT TIME ZONE 'UTC')::int AS h`,
  );
  const nowHour = Number(nowHourRow?.h ?? 0);
  return {
    assets: FAUCET_ASSETS.map((asset) => {
      const perHour = Array.from({ length: nowHour + 1 }, () => 0n);
      for (const r of hourly) if (r.asset === asset) perHour[Number(r.hour)] = BigInt(r.total);
      let running = 0n;
      const cumulative = perHour.map((v) => {
        running += v;
        return running.toString();
      });
      return {
        asset,
        symbol: symbols[asset],
        decimals: ASSET_DECIMALS[asset],
        balance: balances ? balances[asset].toString() : null,
        outflowToday: running.toString(),
        dailyCap: settings.dailyOutflow[asset].toString(),
        hourly: cumulative,
      };
    }),
    queueLength: Number(queue[0]?.n ?? 0),
    recent: recent.map((r) => ({
      recipient: mask(r.address),
      asset: r.asset,
      amount: r.amount,
      txHash: r.hash,
      at: new Date(r.at).toISOString(),
    })),
  };
}

/**
 * What the sender pays next: the unpaid amounts of the oldest claim still queued, else one drip. The
 * sender reports "refilling" only when not even that claim fits (sender.ts, `trimBatch`), so the page
 * says "refilling" exactly then — not while a queue head fits, nor "ok" while it cannot be paid. The
 * gas of its batch is left out: the page does not price gas, and FAUCET_MIN_BALANCE keeps a reserve.
 */
async function nextPayout(db: Db, settings: FaucetSettings): Promise<Partial<Record<FaucetAsset, bigint>>> {
  const rows = await queryRows<{ asset: FaucetAsset; amount: string }>(
    db,
    // From the (few) queued payments, not from the claims: those are mostly long paid.
    sql`SELECT p.asset, p.amount::text AS amount FROM faucet_payments p
        WHERE p.status = 'queued' AND p.claim_id = (
          SELECT q.claim_id FROM faucet_payments q JOIN faucet_claims c ON c.id = q.claim_id
          WHERE q.status = 'queued' ORDER BY c.seq LIMIT 1)`,
  );
  if (rows.length === 0) return settings.drips;
  return Object.fromEntries(rows.map((r) => [r.asset, BigInt(r.amount)]));
}

export async function faucetStatus(
  db: Db,
  who: { userId: string; address: string } | null,
  settings: FaucetSettings = faucetSettings(),
  chain: () => FaucetChain = faucetChainFromConfig,
): Promise<FaucetStatus> {
  const symbols = { native: config().NATIVE_SYMBOL, tUSD: "tUSD", tETH: "tETH" } as const;
  const [next, lastClaim, balances, stats, need] = await Promise.all([
    who ? nextClaimAt(db, who.address, settings.cooldownSeconds) : null,
    who ? latestClaimView(db, who.userId) : null,
    cachedFaucetBalances(chain),
    faucetPublicStats(db, settings, chain),
    nextPayout(db, settings),
  ]);
  return {
    drips: FAUCET_ASSETS.filter((a) => settings.drips[a] > 0n).map((asset) => ({
      asset,
      symbol: symbols[asset],
      decimals: ASSET_DECIMALS[asset],
      amount: settings.drips[asset].toString(),
    })),
    cooldownSeconds: settings.cooldownSeconds,
    nextClaimAt: next ? next.toISOString() : null,
    state: balances ? faucetStateFrom(balances, settings, need) : "unavailable",
    paused: settings.paused,
    rules: {
      ipLimit: settings.ipLimit,
      subnetLimit: settings.subnetLimit,
      maxRecipientBalance: settings.maxRecipientBalance.toString(),
      powMaxNumber: settings.pow.maxNumber,
    },
    lastClaim,
    public: stats,
  };
}

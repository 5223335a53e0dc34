import { sql } from "drizzle-orm";
import { formatUnits } from "viem";
import type { Db } from "@/db/client";
import {
  ASSET_DECIMALS,
  faucetChainFromConfig,
  liveFaucetSettings,
  readFaucetBalances,
} from "@/features/faucet/server";
import { namesFor } from "@/features/names/server";
import { logger } from "@/server/logger";
import type { FaucetView } from "./responses";
import { query } from "./sql";

/** Read-only faucet figures for the console: balances per asset, the queue, recent payouts. */
export async function faucetOverview(db: Db): Promise<FaucetView> {
  const settings = await liveFaucetSettings(db);
  let balances: { asset: string; amount: string }[] | null = null;
  try {
    const b = await readFaucetBalances(faucetChainFromConfig());
    balances = Object.entries(b).map(([asset, v]) => ({
      asset,
      amount: formatUnits(v, ASSET_DECIMALS[asset as keyof typeof ASSET_DECIMALS]),
    }));
  } catch (err) {
    logger.warn({ err }, "faucet balances unavailable for the console");
  }
  const [queue, recent] = await Promise.all([
    query<{ status: string; n: string; oldest: string | null }>(
      db,
      sql`SELECT status, count(*) AS n, min(created_at) AS oldest FROM faucet_claims
          WHERE status IN ('queued', 'sent') GROUP BY status`,
    ),
    query<{ id: string; address: string; status: string; created_at: string; assets: string | null }>(
      db,
      sql`SELECT c.id, c.address, c.status, c.created_at,
            (SELECT string_agg(p.asset || ':' || p.amount::text, ',' ORDER BY p.asset) FROM faucet_payments p WHERE p.claim_id = c.id) AS assets
          FROM faucet_claims c ORDER BY c.seq DESC LIMIT 50`,
    ),
  ]);
  const names = await namesFor(
    db,
    recent.map((r) => r.address),
  );
  return {
    balances,
    drips: Object.entries(settings.drips).map(([asset, v]) => ({
      asset,
      amount: formatUnits(v, ASSET_DECIMALS[asset as keyof typeof ASSET_DECIMALS]),
    })),
    cooldownSeconds: settings.cooldownSeconds,
    queue: queue.map((q) => ({
      status: q.status,
      count: Number(q.n),
      oldestAt: q.oldest ? new Date(q.oldest).toISOString() : null,
    })),
    recent: recent.map((r) => ({
      id: r.id,
      address: r.address,
      name: names.get(r.address.toLowerCase()) ?? null,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
      payments: (r.assets ?? "")
        .split(",")
        .filter(Boolean)
        .map((s) => {
          const [asset, amount] = s.split(":") as [keyof typeof ASSET_DECIMALS, string];
          return { asset, amount: formatUnits(BigInt(amount), ASSET_DECIMALS[asset] ?? 18) };
        }),
    })),
  };
}

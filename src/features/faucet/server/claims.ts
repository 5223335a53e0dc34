import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { faucetClaims, faucetPayments, faucetTxs } from "@/db/schema";
import { clientKey, subnetOf } from "@/server/client-ip";
import { ApiError, notFound } from "@/server/errors";
import { ipRetryAfter } from "../cooldown";
import { formatWait, secondsUntilUtcMidnight } from "../gates";
import { type ClaimCreated, type ClaimView, FAUCET_ASSETS, type FaucetAsset } from "../schema";
import { queryRows } from "./rows";
import type { FaucetSettings } from "./settings";

export { queryRows } from "./rows";

export type Claimant = { userId: string; address: string; ip: string | null };

const limited = (
  code: "FAUCET_COOLDOWN" | "FAUCET_IP_LIMIT" | "FAUCET_SUBNET_LIMIT" | "FAUCET_DAILY_CAP",
  wait: number,
  why: string,
) =>
  new ApiError(429, code, `${why} Please try again after ${wait} seconds (${formatWait(wait)}).`, {
    "Retry-After": String(wait),
  });

/**
 * When an address's cooldown ends under the live `cooldownSeconds`, on the database clock: the one
 * expression the claim's guard, its 429 wait and the page's "next claim" all use.
 */
const cooldownEnd = (claimedAt: SQL, seconds: number) =>
  sql`${claimedAt} + make_interval(secs => ${seconds})`;

/** Claims of one client (or network) in the sliding window; throws 429 past `limit`. */
async function assertWindowLimit(
  tx: Pick<Db, "execute">,
  column: "ip" | "subnet",
  value: string,
  limit: number,
  window: number,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`aurum-faucet-${column}:${value}`}, 0))`,
  );
  const recent = await queryRows<{ created_at: string | Date; now: string | Date }>(
    tx,
    sql`SELECT created_at, now() AS now FROM faucet_claims
        WHERE ${sql.identifier(column)} = ${value} AND created_at > now() - make_interval(secs => ${window})`,
  );
  if (recent.length < limit) return;
  const now = new Date(recent[0]!.now);
  const wait = ipRetryAfter(
    recent.map((r) => new Date(r.created_at)),
    limit,
    window,
    now,
  );
  throw column === "ip"
    ? limited("FAUCET_IP_LIMIT", wait, `Your connection already claimed ${limit} times in this period.`)
    : limited("FAUCET_SUBNET_LIMIT", wait, `Your network already claimed ${limit} times in this period.`);
}

/**
 * Of each asset's amount, what still fits under today's (UTC) outflow cap. All claims take the same
 * advisory lock for this check, so concurrent claims cannot both take the last of the allowance.
 */
async function withinDailyCap(
  tx: Pick<Db, "execute">,
  amounts: Partial<Record<FaucetAsset, bigint>>,
  caps: Record<FaucetAsset, bigint>,
): Promise<{ fits: Partial<Record<FaucetAsset, bigint>>; wait: number }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('aurum-faucet-outflow', 0))`);
  const rows = await queryRows<{ asset: FaucetAsset; total: string }>(
    tx,
    sql`SELECT p.asset, coalesce(sum(p.amount), 0)::text AS total
        FROM faucet_payments p JOIN faucet_claims c ON c.id = p.claim_id
        WHERE c.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
          AND p.status <> 'failed'
        GROUP BY p.asset`,
  );
  const [nowRow] = await queryRows<{ now: string | Date }>(tx, sql`SELECT now() AS now`);
  const used = new Map(rows.map((r) => [r.asset, BigInt(r.total)]));
  const fits: Partial<Record<FaucetAsset, bigint>> = {};
  for (const [asset, amount] of Object.entries(amounts) as [FaucetAsset, bigint][]) {
    if ((used.get(asset) ?? 0n) + amount <= caps[asset]) fits[asset] = amount;
  }
  return { fits, wait: secondsUntilUtcMidnight(new Date(nowRow?.now ?? Date.now())) };
}

/**
 * Records a claim, exactly once per address and cooldown window, in one database transaction:
 *
 * 1. the client rules: a transaction-scoped advisory lock per client (`clientKey`: an IPv4 address,
 *    an IPv6 /64, as every per-client limit counts) and per /24 or /64 network serialises its claims,
 *    then at most `ipLimit` (`subnetLimit`) claims in the last `cooldownSeconds` (a sliding window).
 *    For IPv6 both are the same /64, so the lower of the two limits applies;
 * 2. the address rule: `faucet_cooldowns(address)` is inserted, or advanced only when its last
 *    claim (`claimed_at`) is `cooldownSeconds` old (`ON CONFLICT … DO UPDATE … WHERE`). The live
 *    cooldown, not the one in force at that claim: an operator who raises it to stop a farm stops
 *    the addresses that already claimed too. Of concurrent claims of one address, PostgreSQL lets
 *    exactly one insert/update the row; the others see the new row and get no row back, i.e. a 429;
 * 3. the daily outflow cap per asset: assets whose allowance is used up are left out of the claim;
 *    a claim with nothing left is refused until midnight UTC;
 * 4. the claim and one queued payment per asset with a non-zero amount.
 *
 * `amounts` (base units per asset) defaults to the configured drips; the claim path passes the
 * drips scaled to the faucet's balance. A failed rule throws before commit, so nothing remains.
 */
export async function createClaim(
  db: Db,
  who: Claimant,
  settings: FaucetSettings,
  amounts: Partial<Record<FaucetAsset, bigint>> = settings.drips,
): Promise<ClaimCreated> {
  const wanted = Object.fromEntries(
    FAUCET_ASSETS.filter((a) => (amounts[a] ?? 0n) > 0n).map((a) => [a, amounts[a] as bigint]),
  ) as Partial<Record<FaucetAsset, bigint>>;
  if (Object.keys(wanted).length === 0) {
    throw new ApiError(503, "FAUCET_DISABLED", "The faucet is not handing out anything at the moment.");
  }
  const address = who.address.toLowerCase();
  const claimId = randomUUID();
  const window = settings.cooldownSeconds;
  // The `ip` column stores the key, not the raw address: the limit counts what the column holds, and
  // a host choosing a new address of its /64 per claim must land on the same rows (migration 0036).
  const client = who.ip ? clientKey(who.ip) : null;
  const subnet = who.ip ? subnetOf(who.ip) : null;

  await db.transaction(async (tx) => {
    if (client) await assertWindowLimit(tx, "ip", client, settings.ipLimit, window);
    if (subnet) await assertWindowLimit(tx, "subnet", subnet, settings.subnetLimit, window);

    const won = await queryRows<{ address: string }>(
      tx,
      sql`INSERT INTO faucet_cooldowns (address, claimed_at, claim_id)
          VALUES (${address}, now(), ${claimId})
          ON CONFLICT (address) DO UPDATE
            SET claimed_at = EXCLUDED.claimed_at, claim_id = EXCLUDED.claim_id
            WHERE ${cooldownEnd(sql`faucet_cooldowns.claimed_at`, window)} <= now()
          RETURNING address`,
    );
    if (won.length === 0) {
      const [row] = await queryRows<{ wait: number | string }>(
        tx,
        sql`SELECT greatest(1, ceil(extract(epoch FROM
              ${cooldownEnd(sql`claimed_at`, window)} - now())))::int AS wait
            FROM faucet_cooldowns WHERE address = ${address}`,
      );
      throw limited(
        "FAUCET_COOLDOWN",
        Number(row?.wait ?? window),
        "This address has claimed recently (one claim per cooldown period).",
      );
    }

    const { fits, wait } = await withinDailyCap(tx, wanted, settings.dailyOutflow);
    const assets = FAUCET_ASSETS.filter((a) => fits[a] !== undefined);
    if (assets.length === 0) {
      throw limited(
        "FAUCET_DAILY_CAP",
        wait,
        "The faucet has handed out today's allowance; it resets at midnight UTC.",
      );
    }

    await tx.insert(faucetClaims).values({ id: claimId, userId: who.userId, address, ip: client, subnet });
    await tx
      .insert(faucetPayments)
      .values(assets.map((asset) => ({ claimId, asset, amount: (fits[asset] as bigint).toString() })));
  });
  return { claimId, status: "queued" };
}

const ASSET_RANK: Record<FaucetAsset, number> = { native: 0, tUSD: 1, tETH: 2 };

/** The claim as its owner sees it, or null when it does not exist or belongs to someone else. */
export async function getClaimView(db: Db, claimId: string, userId: string): Promise<ClaimView | null> {
  const [claim] = await db
    .select()
    .from(faucetClaims)
    .where(and(eq(faucetClaims.id, claimId), eq(faucetClaims.userId, userId)))
    .limit(1);
  if (!claim) return null;
  return (await viewsOf(db, [claim]))[0] ?? null;
}

/** The caller's latest claim, if any. */
export async function latestClaimView(db: Db, userId: string): Promise<ClaimView | null> {
  const [claim] = await db
    .select()
    .from(faucetClaims)
    .where(eq(faucetClaims.userId, userId))
    .orderBy(desc(faucetClaims.seq))
    .limit(1);
  if (!claim) return null;
  return (await viewsOf(db, [claim]))[0] ?? null;
}

async function viewsOf(db: Db, claims: (typeof faucetClaims.$inferSelect)[]): Promise<ClaimView[]> {
  const ids = claims.map((c) => c.id);
  const payments = await db
    .select({
      claimId: faucetPayments.claimId,
      asset: faucetPayments.asset,
      amount: faucetPayments.amount,
      status: faucetPayments.status,
      txHash: faucetTxs.hash,
    })
    .from(faucetPayments)
    .leftJoin(faucetTxs, eq(faucetTxs.id, faucetPayments.txId))
    .where(inArray(faucetPayments.claimId, ids))
    .orderBy(asc(faucetPayments.claimId));
  const views: ClaimView[] = [];
  for (const claim of claims) {
    const mine = payments
      .filter((p) => p.claimId === claim.id)
      .sort((a, b) => ASSET_RANK[a.asset] - ASSET_RANK[b.asset]);
    let position: number | undefined;
    if (claim.status === "queued") {
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`SELECT count(*)::int AS n FROM faucet_claims WHERE status = 'queued' AND seq <= ${claim.seq}`,
      );
      position = Math.max(1, Number(row?.n ?? 1));
    }
    const txHash = mine.find((p) => p.txHash)?.txHash ?? undefined;
    views.push({
      id: claim.id,
      status: claim.status,
      ...(txHash ? { txHash } : {}),
      ...(position !== undefined ? { position } : {}),
      createdAt: claim.createdAt.toISOString(),
      payments: mine.map((p) => ({
        asset: p.asset,
        amount: p.amount,
        status: p.status,
        ...(p.txHash ? { txHash: p.txHash } : {}),
      })),
      ...(claim.error ? { error: claim.error } : {}),
    });
  }
  return views;
}

/**
 * When `address` may claim again under the live `cooldownSeconds` (the rule `createClaim` applies,
 * on the same database clock), or null when it may claim now.
 */
export async function nextClaimAt(db: Db, address: string, cooldownSeconds: number): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date }>(
    db,
    sql`SELECT at FROM (
          SELECT ${cooldownEnd(sql`claimed_at`, cooldownSeconds)} AS at
          FROM faucet_cooldowns WHERE address = ${address.toLowerCase()}
        ) c WHERE at > now()`,
  );
  return row ? new Date(row.at) : null;
}

/** Looks up a claim for the route handler: a malformed or foreign id is a plain 404. */
export async function requireOwnClaim(db: Db, claimId: string, userId: string): Promise<ClaimView> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claimId);
  const view = isUuid ? await getClaimView(db, claimId.toLowerCase(), userId) : null;
  if (!view) throw notFound("Claim not found.", "CLAIM_NOT_FOUND");
  return view;
}

import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { faucetClaims, faucetPayments, faucetTxs } from "@/db/schema";
import { ApiError, notFound, tooManyRequests } from "@/server/errors";
import { ipRetryAfter } from "../cooldown";
import { type ClaimCreated, type ClaimView, FAUCET_ASSETS, type FaucetAsset } from "../schema";
import type { FaucetSettings } from "./settings";

/** Rows of a raw `execute` on either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type Claimant = { userId: string; address: string; ip: string | null };

/**
 * Records a claim, exactly once per address and cooldown window, in one database transaction:
 *
 * 1. the IP rule: a transaction-scoped advisory lock per IP serialises that IP's claims, then at
 *    most `ipLimit` claims in the last `cooldownSeconds` (a sliding window);
 * 2. the address rule: `faucet_cooldowns(address)` is inserted, or advanced only when its
 *    `next_allowed_at` has passed (`ON CONFLICT … DO UPDATE … WHERE`). Of concurrent claims of
 *    one address, PostgreSQL lets exactly one insert/update the row; the others see the new row
 *    and get no row back, i.e. a 429;
 * 3. the claim and one queued payment per asset with a non-zero drip.
 *
 * A failed rule throws before commit, so nothing of the attempt remains.
 */
export async function createClaim(db: Db, who: Claimant, settings: FaucetSettings): Promise<ClaimCreated> {
  const assets = FAUCET_ASSETS.filter((a) => settings.drips[a] > 0n);
  if (assets.length === 0) {
    throw new ApiError(503, "FAUCET_DISABLED", "The faucet is not handing out anything at the moment.");
  }
  const address = who.address.toLowerCase();
  const claimId = randomUUID();
  const window = settings.cooldownSeconds;

  await db.transaction(async (tx) => {
    if (who.ip) {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`aurum-faucet-ip:${who.ip}`}, 0))`,
      );
      const recent = await queryRows<{ created_at: string | Date; now: string | Date }>(
        tx,
        sql`SELECT created_at, now() AS now FROM faucet_claims
            WHERE ip = ${who.ip} AND created_at > now() - make_interval(secs => ${window})`,
      );
      if (recent.length >= settings.ipLimit) {
        const now = new Date(recent[0]!.now);
        const wait = ipRetryAfter(
          recent.map((r) => new Date(r.created_at)),
          settings.ipLimit,
          window,
          now,
        );
        throw tooManyRequests(wait);
      }
    }

    const won = await queryRows<{ address: string }>(
      tx,
      sql`INSERT INTO faucet_cooldowns (address, next_allowed_at, claim_id)
          VALUES (${address}, now() + make_interval(secs => ${window}), ${claimId})
          ON CONFLICT (address) DO UPDATE
            SET next_allowed_at = EXCLUDED.next_allowed_at, claim_id = EXCLUDED.claim_id
            WHERE faucet_cooldowns.next_allowed_at <= now()
          RETURNING address`,
    );
    if (won.length === 0) {
      const [row] = await queryRows<{ wait: number | string }>(
        tx,
        sql`SELECT greatest(1, ceil(extract(epoch FROM next_allowed_at - now())))::int AS wait
            FROM faucet_cooldowns WHERE address = ${address}`,
      );
      throw tooManyRequests(Number(row?.wait ?? window));
    }

    await tx.insert(faucetClaims).values({ id: claimId, userId: who.userId, address, ip: who.ip });
    await tx
      .insert(faucetPayments)
      .values(assets.map((asset) => ({ claimId, asset, amount: settings.drips[asset].toString() })));
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

/** When `address` may claim again, or null when it may claim now. */
export async function nextClaimAt(db: Db, address: string): Promise<Date | null> {
  const [row] = await queryRows<{ next_allowed_at: string | Date }>(
    db,
    sql`SELECT next_allowed_at FROM faucet_cooldowns
        WHERE address = ${address.toLowerCase()} AND next_allowed_at > now()`,
  );
  return row ? new Date(row.next_allowed_at) : null;
}

/** Looks up a claim for the route handler: a malformed or foreign id is a plain 404. */
export async function requireOwnClaim(db: Db, claimId: string, userId: string): Promise<ClaimView> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claimId);
  const view = isUuid ? await getClaimView(db, claimId.toLowerCase(), userId) : null;
  if (!view) throw notFound("Claim not found.", "CLAIM_NOT_FOUND");
  return view;
}

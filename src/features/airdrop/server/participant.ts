import { and, desc, eq, sql } from "drizzle-orm";
import { type Address, getAddress } from "viem";
import { testnetClient } from "@/chain/clients";
import { merkleDistributorAbi } from "@/chain/generated";
import type { Db } from "@/db/client";
import { type AirdropRoundRow, airdropAllocations, airdropRounds } from "@/db/schema";
import { rowsOf } from "@/features/points/server";
import type { IneligibleReason } from "../allocation";
import type { PublicRound, RoundMe } from "../schema";
import { AIRDROP_TOKEN_SYMBOL, claimTotals, ineligibleOf, phaseOf } from "./rounds";

/** The participant's points at an instant (for "why not" when they are not in the round at all). */
async function pointsAt(db: Db, address: string, at: Date): Promise<number> {
  const rows = rowsOf<{ p: string | number | null }>(
    await db.execute(sql`
      SELECT sum(l.points) AS p FROM points_ledger l JOIN users u ON u.id = l.user_id
      WHERE u.address = ${address} AND l.created_at <= ${at.toISOString()}`),
  );
  return Number(rows[0]?.p ?? 0);
}

async function isClaimedOnChain(distributor: string, index: number): Promise<boolean | null> {
  try {
    return await testnetClient().readContract({
      address: getAddress(distributor),
      abi: merkleDistributorAbi,
      functionName: "isClaimed",
      args: [BigInt(index)],
    });
  } catch {
    return null; // chain unreachable: the page reads isClaimed itself from the wallet's RPC
  }
}

/**
 * Whether allocation `index` of `distributor` (the lower-case `address`'s) is claimed: the
 * distributor's `isClaimed`, or, while the chain cannot be read, the indexer's Claimed events. The
 * page and the `airdrop_claim` task both read it here, so an RPC outage cannot make the task say
 * "not claimed" while the page shows the claim.
 */
async function isClaimed(db: Db, distributor: string, index: number, address: string): Promise<boolean> {
  const onChain = await isClaimedOnChain(distributor, index);
  if (onChain !== null) return onChain;
  const seen = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM chain_events
      WHERE kind = 'claim' AND contract = ${distributor} AND to_address = ${address}`),
  );
  return Number(seen[0]?.n ?? 0) > 0;
}

async function meOf(db: Db, r: AirdropRoundRow, address: string): Promise<RoundMe> {
  const [alloc] = await db
    .select()
    .from(airdropAllocations)
    .where(and(eq(airdropAllocations.roundId, r.id), eq(airdropAllocations.address, address)));
  if (alloc) {
    const claimed = await isClaimed(db, r.distributorAddress as string, alloc.index, address);
    return {
      eligible: true,
      index: alloc.index,
      amount: alloc.amount,
      proof: alloc.proof,
      claimed,
      points: alloc.points,
      reason: null,
      breakdown: {
        points: alloc.points,
        tier: alloc.tier,
        multiplier: alloc.multiplierBps / 10_000,
        minPoints: r.minPoints,
        capped: alloc.capped === 1,
        cap: r.capPerAddress,
      },
    };
  }
  const no = await ineligibleOf(db, r.id, address);
  const points = no ? no.points : await pointsAt(db, address, r.snapshotAt);
  return {
    eligible: false,
    index: null,
    amount: null,
    proof: null,
    claimed: false,
    points,
    breakdown: null,
    reason: no ? (no.reason as IneligibleReason) : "no_points",
  };
}

/** Every published round, newest first, with the signed-in participant's eligibility (`GET /api/airdrop`). */
export async function roundsFor(db: Db, address: Address): Promise<PublicRound[]> {
  const me = address.toLowerCase();
  const rows = await db
    .select()
    .from(airdropRounds)
    .where(eq(airdropRounds.status, "published"))
    .orderBy(desc(airdropRounds.opensAt))
    .limit(50);
  const claims = await claimTotals(
    db,
    rows.map((r) => r.distributorAddress as string),
  );
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      status: phaseOf(r),
      token: {
        address: r.tokenAddress,
        symbol: r.tokenSymbol ?? AIRDROP_TOKEN_SYMBOL,
        decimals: r.tokenDecimals ?? 18,
      },
      distributor: r.distributorAddress,
      merkleRoot: r.merkleRoot,
      snapshotAt: r.snapshotAt.toISOString(),
      opensAt: r.opensAt.toISOString(),
      deadline: r.deadline.toISOString(),
      totalAmount: r.totalAmount,
      minPoints: r.minPoints,
      recipients: r.recipients ?? 0,
      claims: claims.get(r.distributorAddress as string) ?? { count: 0, amount: "0" },
      me: await meOf(db, r, me),
    })),
  );
}

/**
 * For the `airdrop_claim` task: whether the address has claimed an allocation (in `roundId`, or in
 * any published round), read from the distributor's `isClaimed` on chain (the indexed claims while
 * the chain is unreachable, as the page does: `isClaimed`), not from our allocation records.
 */
export async function hasClaimedOnChain(
  db: Db,
  address: string,
  roundId?: string,
): Promise<{ eligible: boolean; claimed: boolean }> {
  const rows = await db
    .select({ index: airdropAllocations.index, distributor: airdropRounds.distributorAddress })
    .from(airdropAllocations)
    .innerJoin(airdropRounds, eq(airdropRounds.id, airdropAllocations.roundId))
    .where(
      and(
        eq(airdropAllocations.address, address.toLowerCase()),
        eq(airdropRounds.status, "published"),
        roundId ? eq(airdropRounds.id, roundId) : undefined,
      ),
    );
  for (const r of rows) {
    if (r.distributor && (await isClaimed(db, r.distributor, r.index, address.toLowerCase())))
      return { eligible: true, claimed: true };
  }
  return { eligible: rows.length > 0, claimed: false };
}

import { and, desc, eq, sql } from "drizzle-orm";
import { type Address, erc20Abi, type PublicClient } from "viem";
import { testnetClient } from "@/chain/clients";
import type { Db } from "@/db/client";
import {
  type AirdropRoundRow,
  airdropAllocations,
  airdropIneligible,
  airdropRounds,
  airdropTxs,
} from "@/db/schema";
import { pointsTiers, rowsOf, type Tier } from "@/features/points/server";
import { recordAudit } from "@/server/audit";
import { config } from "@/server/config";
import { badRequest, conflict, notFound } from "@/server/errors";
import type { AllocationRule } from "../allocation";
import { type AdminRound, type CreateRoundInput, fromBps, type Phase, toBps } from "../schema";
import { testnetUnreachable } from "./unreachable";

export const AIRDROP_TOKEN_SYMBOL = "tAIR";
export const airdropTokenName = () => `${config().PRODUCT_NAME} Airdrop Token`;

/** Where a published round stands for participants: before the window, in it, or after the deadline. */
export function phaseOf(r: Pick<AirdropRoundRow, "opensAt" | "deadline">, now = new Date()): Phase {
  if (now < r.opensAt) return "upcoming";
  return now.getTime() <= r.deadline.getTime() ? "open" : "closed";
}

export const ruleOf = (r: AirdropRoundRow): AllocationRule => ({
  minPoints: r.minPoints,
  capPerAddress: r.capPerAddress === null ? null : BigInt(r.capPerAddress),
  tierMultipliers: r.tierMultipliers,
});

/**
 * The tiers a round's allocation uses (docs/airdrop.md "The rule"): those frozen with it
 * (`airdrop_rounds.tiers`, migration 0027) once it is frozen, else the tiers in force now (the
 * console's `points.tiers`, else POINTS_TIERS: what /rewards shows), which the freeze records. A round
 * frozen before 0027 recorded none: its rows keep each recipient's tier, the simulator uses today's.
 */
export async function roundTiers(db: Db, r: Pick<AirdropRoundRow, "tiers">): Promise<readonly Tier[]> {
  return r.tiers ?? (await pointsTiers(db));
}

const NOT_ERC20 = "That address is not an ERC-20 token on the testnet.";

/** viem's errors of the transport (the RPC did not answer), as opposed to the contract's answer. */
const TRANSPORT = new Set(["HttpRequestError", "WebSocketRequestError", "TimeoutError", "UnknownRpcError"]);
function rpcUnreachable(err: unknown): boolean {
  for (
    let e = err as { name?: string; cause?: unknown } | undefined, i = 0;
    e && i < 8;
    e = e.cause as typeof e, i++
  )
    if (e.name && TRANSPORT.has(e.name)) return true;
  return false;
}

/**
 * Reads an ERC-20's symbol and decimals: 400 when the address is not one on the testnet (no code, or
 * the calls revert or answer nonsense), 503 when the testnet cannot be read at all (an RPC that is
 * down says nothing about the token, and the operator should retry, not change the address).
 */
async function erc20Meta(client: PublicClient, token: Address) {
  const unreachable = (err: unknown) => testnetUnreachable(err, "the token", { token });
  let code: string | undefined;
  try {
    code = await client.getCode({ address: token });
  } catch (err) {
    throw unreachable(err);
  }
  if (!code || code === "0x") throw badRequest(NOT_ERC20, "INVALID_TOKEN");
  try {
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }),
      client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
    ]);
    return { symbol: symbol.slice(0, 20), decimals };
  } catch (err) {
    if (rpcUnreachable(err)) throw unreachable(err);
    throw badRequest(NOT_ERC20, "INVALID_TOKEN");
  }
}

/** The first multiplier's tier that is not among `tiers`, quoted with the tiers there are; else null. */
function unknownTier(multipliers: Readonly<Record<string, number>> | undefined, tiers: readonly Tier[]) {
  const names = tiers.map((t) => t.name);
  const name = Object.keys(multipliers ?? {}).find((n) => !names.includes(n));
  return name === undefined ? null : `"${name}" (tiers: ${names.join(", ")})`;
}

/**
 * 409 when a draft's multiplier names a tier that is no longer in force (the console's tiers
 * changed after the round was created): frozen as it is, that multiplier would apply to nobody.
 * Checked when publishing is requested and again at the freeze, which uses the tiers of that moment.
 */
export function assertMultipliersNameTiers(
  r: Pick<AirdropRoundRow, "tierMultipliers">,
  tiers: readonly Tier[],
) {
  const unknown = unknownTier(r.tierMultipliers, tiers);
  if (unknown) {
    throw conflict(
      `This round's multiplier names tier ${unknown}, which is no longer a points tier: restore it in Settings, or create the round again.`,
      "UNKNOWN_TIER",
    );
  }
}

export async function createRound(
  db: Db,
  input: Omit<CreateRoundInput, "token"> & { token?: Address },
  actor: string,
  client: PublicClient = testnetClient(),
): Promise<AirdropRoundRow> {
  const meta = input.token
    ? await erc20Meta(client, input.token)
    : { symbol: AIRDROP_TOKEN_SYMBOL, decimals: 18 };
  // The tiers in force now (a round is frozen with those in force at its freeze: docs/airdrop.md).
  const unknown = unknownTier(input.tierMultipliers, await pointsTiers(db));
  if (unknown) throw badRequest(`Unknown tier ${unknown}.`, "INVALID_INPUT");
  // The round and its `airdrop.create` audit entry: one transaction (docs/api.md, operator console).
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .insert(airdropRounds)
      .values({
        name: input.name,
        tokenMode: input.token ? "existing" : "deploy",
        tokenAddress: input.token ?? null,
        tokenSymbol: meta.symbol,
        tokenDecimals: meta.decimals,
        totalAmount: input.totalAmount,
        snapshotAt: input.snapshotAt ? new Date(input.snapshotAt) : new Date(),
        minPoints: input.minPoints,
        capPerAddress: input.capPerAddress ?? null,
        tierMultipliers: toBps(input.tierMultipliers),
        opensAt: new Date(input.opensAt),
        deadline: new Date(input.deadline),
        createdBy: actor.toLowerCase(),
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await recordAudit(t, {
      actor,
      action: "airdrop.create",
      target: `airdrop:${row.id}`,
      after: await adminView(t, row),
    });
    return row;
  });
}

export async function getRound(db: Db, id: string): Promise<AirdropRoundRow> {
  const [row] = await db.select().from(airdropRounds).where(eq(airdropRounds.id, id));
  if (!row) throw notFound("No airdrop round with this id.", "ROUND_NOT_FOUND");
  return row;
}

/** Claims seen by the chain indexer (`Claimed` events of the round's distributor). */
export async function claimTotals(db: Db, distributors: string[]) {
  const out = new Map<string, { count: number; amount: string }>();
  if (distributors.length === 0) return out;
  const rows = rowsOf<{ contract: string; n: string | number; amount: string | null }>(
    await db.execute(sql`
      SELECT contract, count(*) AS n, sum(amount)::text AS amount FROM chain_events
      WHERE kind = 'claim' AND contract IN (${sql.join(
        distributors.map((d) => sql`${d.toLowerCase()}`),
        sql`, `,
      )})
      GROUP BY contract`),
  );
  for (const r of rows) out.set(r.contract, { count: Number(r.n), amount: r.amount ?? "0" });
  return out;
}

export async function adminView(db: Db, r: AirdropRoundRow): Promise<AdminRound> {
  const txs = await db
    .select({ kind: airdropTxs.kind, hash: airdropTxs.hash, minedBlock: airdropTxs.minedBlock })
    .from(airdropTxs)
    .where(eq(airdropTxs.roundId, r.id))
    .orderBy(airdropTxs.createdAt);
  const claims = r.distributorAddress
    ? ((await claimTotals(db, [r.distributorAddress])).get(r.distributorAddress) ?? { count: 0, amount: "0" })
    : { count: 0, amount: "0" };
  return {
    id: r.id,
    name: r.name,
    status: r.status as AdminRound["status"],
    phase: phaseOf(r),
    tokenMode: r.tokenMode as AdminRound["tokenMode"],
    token: {
      address: r.tokenAddress,
      symbol: r.tokenSymbol ?? AIRDROP_TOKEN_SYMBOL,
      decimals: r.tokenDecimals ?? 18,
    },
    totalAmount: r.totalAmount,
    snapshotAt: r.snapshotAt.toISOString(),
    minPoints: r.minPoints,
    capPerAddress: r.capPerAddress,
    tierMultipliers: fromBps(r.tierMultipliers),
    opensAt: r.opensAt.toISOString(),
    deadline: r.deadline.toISOString(),
    merkleRoot: r.merkleRoot,
    recipients: r.recipients,
    distributor: r.distributorAddress,
    transactions: txs,
    publishing: r.leaseUntil !== null && r.leaseUntil > new Date(),
    publishRequested: r.publishRequestedAt !== null,
    lastError: r.lastError,
    claims,
    sweptAt: r.sweptAt?.toISOString() ?? null,
    sweptAmount: r.sweptAmount,
    createdAt: r.createdAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  };
}

export async function listRoundsAdmin(db: Db): Promise<AdminRound[]> {
  const rows = await db.select().from(airdropRounds).orderBy(desc(airdropRounds.createdAt)).limit(100);
  return Promise.all(rows.map((r) => adminView(db, r)));
}

/** One recipient's leaf and proof in a published round, or 404. One primary-key row read. */
export async function proofOf(db: Db, id: string, address: string) {
  const [row] = await db
    .select({
      index: airdropAllocations.index,
      account: airdropAllocations.address,
      amount: airdropAllocations.amount,
      proof: airdropAllocations.proof,
    })
    .from(airdropAllocations)
    .innerJoin(airdropRounds, eq(airdropRounds.id, airdropAllocations.roundId))
    .where(
      and(
        eq(airdropAllocations.roundId, id),
        eq(airdropAllocations.address, address.toLowerCase()),
        eq(airdropRounds.status, "published"),
      ),
    );
  if (!row) throw notFound("This address has no allocation in this round.", "NOT_ELIGIBLE");
  return row;
}

export async function ineligibleOf(db: Db, id: string, address: string) {
  const [row] = await db
    .select()
    .from(airdropIneligible)
    .where(and(eq(airdropIneligible.roundId, id), eq(airdropIneligible.address, address.toLowerCase())));
  return row ?? null;
}

/**
 * Every deployed distributor with its token, for the chain indexer's watch list and for naming the
 * token in the activity (the deployment file does not know it; symbol and decimals as adminView).
 */
export async function airdropDistributors(
  db: Db,
): Promise<{ address: Address; token: Address; symbol: string; decimals: number }[]> {
  const rows = await db
    .select({
      address: airdropRounds.distributorAddress,
      token: airdropRounds.tokenAddress,
      symbol: airdropRounds.tokenSymbol,
      decimals: airdropRounds.tokenDecimals,
    })
    .from(airdropRounds)
    .where(sql`${airdropRounds.distributorAddress} IS NOT NULL`);
  return rows
    .filter((r) => r.address && r.token)
    .map((r) => ({
      address: r.address as Address,
      token: r.token as Address,
      symbol: r.symbol ?? AIRDROP_TOKEN_SYMBOL,
      decimals: r.decimals ?? 18,
    }));
}

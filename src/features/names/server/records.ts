import { eq, inArray } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getAddress } from "viem";
import { type Db, getDb } from "@/db/client";
import { type AccountNameRow, accountNames } from "@/db/schema";
import { config } from "@/server/config";
import { processState } from "@/server/process-state";
import { checkName, fullName, stripZone } from "../rules";
import type { NameRecord } from "../schema";

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The seed's name record: addresses keyed by coin type; timestamps in Unix seconds. */
export function toRecord(row: AccountNameRow): NameRecord {
  return {
    name: fullName(row.name, config().namesZone),
    registered_at: seconds(row.registeredAt),
    updated_at: seconds(row.updatedAt),
    addresses: { [String(row.coinType)]: { address: getAddress(row.address) } },
    attributes: {},
  };
}

/** The record of a name; an unknown name has empty addresses and attributes (the seed's fallback). */
export async function lookupName(db: Db, label: string): Promise<NameRecord> {
  const [row] = await db.select().from(accountNames).where(eq(accountNames.name, label));
  if (row) return toRecord(row);
  return {
    name: fullName(label, config().namesZone),
    registered_at: null,
    updated_at: null,
    addresses: {},
    attributes: {},
  };
}

export async function rowOfAddress(db: Db, address: string): Promise<AccountNameRow | undefined> {
  const [row] = await db.select().from(accountNames).where(eq(accountNames.address, address.toLowerCase()));
  return row;
}

/** The names of an address (one primary name at most, as a list like the seed's reverse lookup). */
export async function reverseLookup(db: Db, address: string): Promise<NameRecord[]> {
  const row = await rowOfAddress(db, address);
  return row ? [toRecord(row)] : [];
}

/** Largest batch namesFor accepts: a page of a list, never a whole table. */
export const NAMES_BATCH_MAX = 1000;

/**
 * Full names (`alice.aurum`) of many addresses in one query, keyed by lower-case address; addresses
 * without a name are absent. Every list that shows addresses (leaderboard, friends, explorer,
 * tickets) calls this once per answer.
 */
export async function namesFor(db: Db, addresses: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (wanted.length > NAMES_BATCH_MAX) throw new Error(`namesFor: at most ${NAMES_BATCH_MAX} addresses`);
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const zone = config().namesZone;
  const rows = await db
    .select({ address: accountNames.address, name: accountNames.name })
    .from(accountNames)
    .where(inArray(accountNames.address, wanted));
  for (const r of rows) out.set(r.address, fullName(r.name, zone));
  return out;
}

/**
 * The address a typed name (`alice`, `Alice.aurum`) points to, or null when it is no valid or
 * registered name. For server components such as the explorer search.
 */
export async function addressOfName(raw: string): Promise<string | null> {
  const check = checkName(stripZone(raw, config().namesZone));
  if (!check.ok) return null;
  const [row] = await (await getDb())
    .select({ address: accountNames.address })
    .from(accountNames)
    .where(eq(accountNames.name, check.name));
  return row ? getAddress(row.address) : null;
}

/** The signed-in address's name for the header chip (server components; no handler `db` there). */
export async function primaryNameOf(address: string | null | undefined): Promise<string | null> {
  if (!address) return null;
  const db = await getDb();
  const key = address.toLowerCase();
  const hit = primaryNames.get(key);
  // The handle is checked because tests open several databases in one process.
  if (hit !== undefined && hit.db === db) return hit.name;
  const name = (await namesFor(db, [address])).get(key) ?? null;
  primaryNames.set(key, { db, name });
  return name;
}

// The root layout shows the signed-in wallet's name on every page (docs/ARCHITECTURE.md,
// "Caching"): kept in memory per address, bounded; a registration, rename or revocation in this
// process forgets them (`forgetPrimaryNames`), one in another process shows within the TTL.
const PRIMARY_NAME_CACHE_MAX = 10_000;
const PRIMARY_NAME_TTL_MS = 5_000;
// Process-wide: the routes that register, rename and revoke must clear what the layout reads, and
// Next bundles them separately (src/server/process-state.ts).
const primaryNames = processState(
  "names.primary",
  () =>
    new LRUCache<string, { db: Db; name: string | null }>({
      max: PRIMARY_NAME_CACHE_MAX,
      ttl: PRIMARY_NAME_TTL_MS,
    }),
);

const names = processState("names.version", () => ({ version: 0 }));

/** After a write to account_names in this process: the next page shows the new name. */
export function forgetPrimaryNames(): void {
  primaryNames.clear();
  names.version++;
}

/**
 * Bumped by every name write in this process (`forgetPrimaryNames`): lists cached with names (the
 * leaderboard, features/points/server/ranking-cache.ts) are read again after it.
 */
export function namesVersion(): number {
  return names.version;
}

import { count, eq, notExists, sql } from "drizzle-orm";
import { type Address, getAddress } from "viem";
import { type Db, getDb } from "@/db/client";
import { participantExclusions, users } from "@/db/schema";
import { config } from "@/server/config";
import { generateReferralCode, isReferralCode, normalizeReferralCode } from "../referral-code";

export type User = {
  id: string;
  address: Address;
  referralCode: string;
  referrerId: string | null;
  createdAt: Date;
};

function toUser(row: typeof users.$inferSelect): User {
  return { ...row, address: getAddress(row.address) };
}

export async function getUserByAddress(address: string, db?: Db): Promise<User | null> {
  const d = db ?? (await getDb());
  const [row] = await d.select().from(users).where(eq(users.address, address.toLowerCase()));
  return row ? toUser(row) : null;
}

export async function getUserById(id: string, db?: Db): Promise<User | null> {
  const d = db ?? (await getDb());
  const [row] = await d.select().from(users).where(eq(users.id, id));
  return row ? toUser(row) : null;
}

/** The owner of a referral code (any letter case), or null for a malformed or unknown code. */
export async function getUserByReferralCode(code: string, db?: Db): Promise<User | null> {
  if (!isReferralCode(code)) return null;
  const d = db ?? (await getDb());
  const [row] = await d
    .select()
    .from(users)
    .where(eq(users.referralCode, normalizeReferralCode(code)));
  return row ? toUser(row) : null;
}

/**
 * Number of wallets that ever signed in, less those the operator excluded (bots, the team's own
 * wallets): the landing page's participant count, which should not advertise a farm's sign-ups.
 */
export async function countParticipants(db?: Db): Promise<number> {
  const d = db ?? (await getDb());
  const excluded = d
    .select({ one: sql`1` })
    .from(participantExclusions)
    .where(eq(participantExclusions.address, users.address));
  const [row] = await d.select({ n: count() }).from(users).where(notExists(excluded));
  return Number(row?.n ?? 0);
}

/** True when the address is listed in ADMIN_ADDRESSES (any letter case). */
export function isAdmin(address: string | null | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  return config().ADMIN_ADDRESSES.some((admin) => admin.toLowerCase() === a);
}

const MAX_CODE_ATTEMPTS = 8;

/**
 * The user for an address, created at its first sign-in. Only then is a referrer bound: the owner
 * of `referralCookie` when it is a valid code of another user. An existing user is never re-bound.
 */
export async function findOrCreateUser(
  db: Db,
  address: Address,
  referralCookie?: string | null,
): Promise<{ user: User; created: boolean }> {
  const lower = address.toLowerCase();
  const existing = await getUserByAddress(lower, db);
  if (existing) return { user: existing, created: false };

  const referrer = referralCookie ? await getUserByReferralCode(referralCookie, db) : null;
  const referrerId = referrer && referrer.address.toLowerCase() !== lower ? referrer.id : null;

  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(users)
      .values({ address: lower, referralCode: generateReferralCode(), referrerId })
      .onConflictDoNothing()
      .returning();
    if (row) return { user: toUser(row), created: true };
    // Either a concurrent first sign-in of the same wallet won (use its row) or the code collided.
    const raced = await getUserByAddress(lower, db);
    if (raced) return { user: raced, created: false };
  }
  throw new Error(`could not allocate a unique referral code in ${MAX_CODE_ATTEMPTS} attempts`);
}

import { and, count, eq, isNotNull, notExists, sql } from "drizzle-orm";
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
  /** Null while the row is only the points import's (the wallet never signed in). */
  firstSignInAt: Date | null;
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
 * Rows the points import created for wallets that never signed in are not participants yet.
 */
export async function countParticipants(db?: Db): Promise<number> {
  const d = db ?? (await getDb());
  const excluded = d
    .select({ one: sql`1` })
    .from(participantExclusions)
    .where(eq(participantExclusions.address, users.address));
  const [row] = await d
    .select({ n: count() })
    .from(users)
    .where(and(isNotNull(users.firstSignInAt), notExists(excluded)));
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
 * The user for an address at a sign-in (SIWE verify): created at its first sign-in, and only then
 * is a referrer bound: the owner of `referralCookie` when it is a valid code of another user. A
 * signed-in user is never re-bound. A row the points import created before the wallet ever signed
 * in (`firstSignInAt` null) is that first sign-in's: it is marked signed in and gets its referrer
 * then, exactly once (`created` true) even when two first sign-ins race (see firstSignIn).
 */
export async function findOrCreateUser(
  db: Db,
  address: Address,
  referralCookie?: string | null,
): Promise<{ user: User; created: boolean }> {
  const lower = address.toLowerCase();
  const existing = await getUserByAddress(lower, db);
  if (existing?.firstSignInAt) return { user: existing, created: false };
  const referrer = referralCookie ? await getUserByReferralCode(referralCookie, db) : null;
  const referrerId = referrer && referrer.address.toLowerCase() !== lower ? referrer.id : null;
  if (existing) return firstSignIn(db, existing, referrerId);
  return insertUser(db, lower, referrerId, true);
}

/**
 * The participant row of an address for the points import, created without a sign-in when there
 * is none: the points wait for the wallet, and its first sign-in still binds a referrer and makes
 * it a participant (countParticipants). Never changes an existing row.
 */
export async function findOrCreateImportedUser(db: Db, address: Address): Promise<User> {
  const lower = address.toLowerCase();
  return (await getUserByAddress(lower, db)) ?? (await insertUser(db, lower, null, false)).user;
}

/**
 * Marks an imported row signed in and binds the referrer, in one conditional UPDATE: of two first
 * sign-ins at once, the second finds first_sign_in_at already set (PostgreSQL re-checks the WHERE
 * after waiting for the first's row lock) and changes nothing, so one referrer is bound. A referrer
 * the user referred is not bound (no cycle of two).
 */
async function firstSignIn(
  db: Db,
  user: User,
  referrerId: string | null,
): Promise<{ user: User; created: boolean }> {
  const [row] = await db
    .update(users)
    .set({
      firstSignInAt: sql`now()`,
      referrerId: sql`coalesce(${users.referrerId}, (SELECT r.id FROM users r
        WHERE r.id = ${referrerId} AND r.referrer_id IS DISTINCT FROM ${user.id}))`,
    })
    .where(and(eq(users.id, user.id), sql`${users.firstSignInAt} IS NULL`))
    .returning();
  if (row) return { user: toUser(row), created: true };
  const raced = await getUserById(user.id, db);
  if (!raced) throw new Error("user vanished while signing in");
  return { user: raced, created: false };
}

async function insertUser(
  db: Db,
  lower: string,
  referrerId: string | null,
  signedIn: boolean,
): Promise<{ user: User; created: boolean }> {
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(users)
      .values({
        address: lower,
        referralCode: generateReferralCode(),
        referrerId,
        firstSignInAt: signedIn ? sql`now()` : null,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return { user: toUser(row), created: true };
    // Either a concurrent first sign-in (or import) of the same wallet won, or the code collided.
    const raced = await getUserByAddress(lower, db);
    if (raced) {
      // An import's row that a sign-in raced: this sign-in is still the first one.
      if (signedIn && !raced.firstSignInAt) return firstSignIn(db, raced, referrerId);
      return { user: raced, created: false };
    }
  }
  throw new Error(`could not allocate a unique referral code in ${MAX_CODE_ATTEMPTS} attempts`);
}

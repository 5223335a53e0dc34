import { and, eq, gt, lt, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { NextResponse } from "next/server";
import { type Address, getAddress } from "viem";
import { type Db, getDb } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { config } from "@/server/config";
import {
  newSessionId,
  readCookies,
  SESSION_COOKIE_NAMES,
  sessionCookieName,
  sha256Hex,
  signSessionId,
  verifySessionCookie,
} from "../session-cookie";
import { cachedSession, forgetSessions, rememberSession } from "./session-cache";

export type Session = {
  /** SHA-256 (hex) of the cookie's session id: identifies the row, safe to log. */
  sessionId: string;
  userId: string;
  address: Address;
  expiresAt: Date;
};

/** Creates a session row for a user and returns the signed cookie value for it. */
export async function createSession(
  db: Db,
  userId: string,
): Promise<{ cookieValue: string; session: Session }> {
  const c = config();
  const id = newSessionId();
  const idHash = await sha256Hex(id);
  const [row] = await db
    .insert(sessions)
    .values({ idHash, userId, expiresAt: sql`now() + make_interval(secs => ${c.SESSION_TTL_SECONDS}::int)` })
    .returning({ expiresAt: sessions.expiresAt });
  // Expired rows of this user are dead weight; the index on user_id makes this cheap.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
  await evictBeyondCap(db, userId, c.SESSION_MAX_PER_ADDRESS);
  forgetSessions(db);
  const [user] = await db.select({ address: users.address }).from(users).where(eq(users.id, userId));
  if (!row || !user) throw new Error("session row or user vanished while signing in");
  return {
    cookieValue: await signSessionId(id, c.sessionSecret),
    session: { sessionId: idHash, userId, address: getAddress(user.address), expiresAt: row.expiresAt },
  };
}

// Cookie value → SHA-256 of its id, for validly signed values only: a pure function of the value
// and the secret (the HMAC check and the digest were two crypto jobs on every request). Bounded;
// a forged value is not kept, so junk cannot push live ones out.
const idHashes = new LRUCache<string, string>({ max: 10_000 });

async function idHashOfCookie(value: string | null | undefined): Promise<string | null> {
  if (!value) return null;
  const secret = config().sessionSecret;
  const key = `${secret}\u0000${value}`;
  const hit = idHashes.get(key);
  if (hit) return hit;
  const id = await verifySessionCookie(value, secret);
  if (!id) return null;
  const idHash = await sha256Hex(id);
  idHashes.set(key, idHash);
  return idHash;
}

/** The live session behind a cookie value: signature valid, row present and unexpired. */
export async function sessionFromCookieValue(
  value: string | null | undefined,
  db?: Db,
): Promise<Session | null> {
  const idHash = await idHashOfCookie(value);
  if (!idHash) return null;
  const d = db ?? (await getDb());
  // PGlite only (session-cache.ts explains why that is exact); PostgreSQL always asks the database.
  const hit = cachedSession(d, idHash);
  if (hit)
    return {
      sessionId: idHash,
      userId: hit.userId,
      address: hit.address as Address,
      expiresAt: hit.expiresAt,
    };
  const [row] = await d
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, address: users.address })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`)));
  if (!row) return null;
  const session = {
    sessionId: idHash,
    userId: row.userId,
    address: getAddress(row.address),
    expiresAt: row.expiresAt,
  };
  rememberSession(d, idHash, { userId: session.userId, address: session.address, expiresAt: row.expiresAt });
  return session;
}

/**
 * Keeps a wallet's live sessions at most `max`: the newest stay (ties broken by id, so concurrent
 * sign-ins agree on which go), the rest are deleted. A stolen or forgotten session ages out this way
 * too, and the session table cannot grow without bound per address.
 */
async function evictBeyondCap(db: Db, userId: string, max: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM sessions WHERE user_id = ${userId} AND id_hash IN (
      SELECT id_hash FROM sessions WHERE user_id = ${userId}
      ORDER BY created_at DESC, id_hash DESC OFFSET ${max}
    )`);
}

/** Signs a wallet out everywhere: deletes every session row of the user; answers how many. */
export async function deleteAllSessionsOfUser(db: Db, userId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ idHash: sessions.idHash });
  forgetSessions(db);
  return deleted.length;
}

/** The live session of a request's `Cookie` header, read by the one rule of `verifiedSessionCookie`. */
export async function sessionFromCookieHeader(
  header: string | null | undefined,
  db?: Db,
): Promise<Session | null> {
  const value = await firstVerifiedValue(header);
  return value ? sessionFromCookieValue(value, db) : null;
}

/**
 * The rule of `verifiedSessionCookie` (the first value whose signature verifies), through the memo
 * of verified values: the signature used to be checked twice per request (here, then for the hash).
 */
async function firstVerifiedValue(header: string | null | undefined): Promise<string | null> {
  for (const value of readCookies(header, sessionCookieName(config().secureCookies))) {
    if (await idHashOfCookie(value)) return value;
  }
  return null;
}

/** Deletes the row behind a request's session cookie (same rule as reading it); false when none. */
export async function deleteSessionByCookieHeader(
  header: string | null | undefined,
  db?: Db,
): Promise<boolean> {
  const value = await firstVerifiedValue(header);
  return value ? deleteSessionByCookieValue(value, db) : false;
}

/** Deletes the row behind a cookie value (sign-out); a bad or unknown cookie is a no-op. */
export async function deleteSessionByCookieValue(
  value: string | null | undefined,
  db?: Db,
): Promise<boolean> {
  const idHash = await idHashOfCookie(value);
  if (!idHash) return false;
  const d = db ?? (await getDb());
  const deleted = await d
    .delete(sessions)
    .where(eq(sessions.idHash, idHash))
    .returning({ idHash: sessions.idHash });
  forgetSessions(d);
  return deleted.length > 0;
}

/**
 * Whether a request carries a session cookie under either name (valid or not): the answer that
 * finds no session for it clears them, so the proxy stops letting a dead one through and a plain
 * cookie left from before `__Host-` goes away.
 */
export function carriesSessionCookie(header: string | null | undefined): boolean {
  return SESSION_COOKIE_NAMES.some((name) => readCookies(header, name).length > 0);
}

/**
 * The cookie of one mode's name (session-cookie.ts, sessionCookieName). A `__Host-` cookie is
 * always `Secure` (a browser drops it otherwise), even when clearing it from a plain-http site.
 */
function cookieBase(secure: boolean) {
  return {
    name: sessionCookieName(secure),
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure: secure || config().secureCookies,
  };
}

/** Sets the session cookie under the current mode's name and clears the other name. */
export function setSessionCookie(res: NextResponse, cookieValue: string): void {
  const secure = config().secureCookies;
  res.cookies.set({ ...cookieBase(!secure), value: "", maxAge: 0 });
  res.cookies.set({ ...cookieBase(secure), value: cookieValue, maxAge: config().SESSION_TTL_SECONDS });
}

/** Clears the session cookie under both names (sign-out, a dead session). */
export function clearSessionCookie(res: NextResponse): void {
  for (const secure of [true, false]) res.cookies.set({ ...cookieBase(secure), value: "", maxAge: 0 });
}

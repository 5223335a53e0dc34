import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siweNonces } from "@/db/schema";
import { sha256Hex } from "../session-cookie";

export const NONCE_TTL_SECONDS = 600;
/** A nonce is deleted at its fifth failed sign-in attempt (issue 10: no endless guessing on one nonce). */
export const MAX_NONCE_FAILURES = 5;

export type NonceState = "live" | "expired" | "unknown";

/** Issues a single-use SIWE nonce (64 hex characters: EIP-4361 wants ≥ 8 alphanumerics). */
export async function issueNonce(db: Db): Promise<string> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const nonce = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  // Expired nonces are useless; dropping them here keeps the table as small as the live set.
  await db.delete(siweNonces).where(lt(siweNonces.expiresAt, sql`now()`));
  await db.insert(siweNonces).values({
    nonceHash: await sha256Hex(nonce),
    expiresAt: sql`now() + make_interval(secs => ${NONCE_TTL_SECONDS}::int)`,
  });
  return nonce;
}

/** Reads a nonce's state without using it (a cheap check before the signature is verified). */
export async function peekNonce(db: Db, nonce: string): Promise<NonceState> {
  const [row] = await db
    .select({ live: sql<boolean>`${siweNonces.expiresAt} > now()` })
    .from(siweNonces)
    .where(eq(siweNonces.nonceHash, await sha256Hex(nonce)));
  return row ? (row.live ? "live" : "expired") : "unknown";
}

/**
 * Uses a nonce up. The DELETE … RETURNING is atomic, so of any number of concurrent sign-ins with
 * one nonce exactly one sees the row.
 */
export async function consumeNonce(db: Db, nonce: string): Promise<NonceState> {
  const [row] = await db
    .delete(siweNonces)
    .where(eq(siweNonces.nonceHash, await sha256Hex(nonce)))
    .returning({ live: sql<boolean>`${siweNonces.expiresAt} > now()` });
  return row ? (row.live ? "live" : "expired") : "unknown";
}

/**
 * Counts one failed sign-in attempt against a nonce and deletes it at the MAX_NONCE_FAILURES-th.
 * Both statements are single atomic updates, so concurrent failures are all counted.
 */
export async function recordNonceFailure(db: Db, nonce: string): Promise<void> {
  const nonceHash = await sha256Hex(nonce);
  const [row] = await db
    .update(siweNonces)
    .set({ failedAttempts: sql`${siweNonces.failedAttempts} + 1` })
    .where(eq(siweNonces.nonceHash, nonceHash))
    .returning({ failedAttempts: siweNonces.failedAttempts });
  if (row && row.failedAttempts >= MAX_NONCE_FAILURES) {
    await db
      .delete(siweNonces)
      .where(and(eq(siweNonces.nonceHash, nonceHash), gte(siweNonces.failedAttempts, MAX_NONCE_FAILURES)));
  }
}

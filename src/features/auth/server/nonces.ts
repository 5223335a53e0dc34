import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siweNonces } from "@/db/schema";
import { sha256Hex } from "../session-cookie";

export const NONCE_TTL_SECONDS = 600;

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

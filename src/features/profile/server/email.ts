import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { profileEmails } from "@/db/schema";

/** How long a mailed verification link works. */
export const TOKEN_TTL_SECONDS = 24 * 3600;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The saved email. `linkPending`: an unverified email has a live (unexpired) token, i.e. a link was
 * mailed and still works; a token is only kept once its mail went out (`forgetUnsentToken`).
 */
export async function getProfileEmail(
  db: Db,
  address: string,
  now = new Date(),
): Promise<{ email: string | null; verified: boolean; linkPending: boolean }> {
  const [row] = await db
    .select({
      email: profileEmails.email,
      verifiedAt: profileEmails.verifiedAt,
      tokenExpiresAt: profileEmails.tokenExpiresAt,
    })
    .from(profileEmails)
    .where(eq(profileEmails.address, address.toLowerCase()));
  const verified = Boolean(row?.verifiedAt);
  const linkPending = !verified && row?.tokenExpiresAt != null && row.tokenExpiresAt > now;
  return { email: row?.email ?? null, verified, linkPending };
}

/**
 * Stores the email (one upsert). The same, already verified email stays verified and needs no new
 * link; a new email starts unverified with a fresh token, returned so the caller can mail it.
 */
export async function saveProfileEmail(
  db: Db,
  address: string,
  email: string,
  now = new Date(),
): Promise<{ verified: boolean; token: string | null }> {
  const owner = address.toLowerCase();
  const current = await getProfileEmail(db, owner);
  if (current.email === email && current.verified) return { verified: true, token: null };
  const token = randomBytes(32).toString("base64url");
  const values = {
    email,
    verifiedAt: null,
    tokenHash: hashToken(token),
    tokenExpiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
    updatedAt: now,
  };
  await db
    .insert(profileEmails)
    .values({ address: owner, ...values })
    .onConflictDoUpdate({ target: profileEmails.address, set: values });
  return { verified: false, token };
}

/**
 * Drops a token whose link was never mailed (no SMTP, or the server refused it), so "a link is
 * pending" always means one is in the user's inbox. Only that token: a concurrent save's newer,
 * mailed one stays.
 */
export async function forgetUnsentToken(db: Db, address: string, token: string): Promise<void> {
  await db
    .update(profileEmails)
    .set({ tokenHash: null, tokenExpiresAt: null })
    .where(
      and(eq(profileEmails.address, address.toLowerCase()), eq(profileEmails.tokenHash, hashToken(token))),
    );
}

/** Marks the email behind a live token verified, once; null for an unknown, used or expired token. */
export async function verifyEmailToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ address: string; email: string } | null> {
  const [row] = await db
    .update(profileEmails)
    .set({ verifiedAt: now, tokenHash: null, tokenExpiresAt: null, updatedAt: now })
    .where(and(eq(profileEmails.tokenHash, hashToken(token)), gt(profileEmails.tokenExpiresAt, now)))
    .returning({ address: profileEmails.address, email: profileEmails.email });
  return row ?? null;
}

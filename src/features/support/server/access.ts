import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { profileEmails } from "@/db/schema";

/**
 * Who is acting: the signed-in user, and whether their address is in ADMIN_ADDRESSES. `console`:
 * replying from the console's inbox, always as staff, even on a ticket that is also theirs (anyone
 * can open a signed-out ticket with a staff member's email).
 */
export type Actor = { userId: string; address: string; isAdmin: boolean; console?: boolean };

/** The lowercased verified profile email of an address, or null. */
export async function verifiedEmailOf(db: Db, address: string): Promise<string | null> {
  const [row] = await db
    .select({ email: profileEmails.email, verifiedAt: profileEmails.verifiedAt })
    .from(profileEmails)
    .where(eq(profileEmails.address, address.toLowerCase()));
  return row?.verifiedAt ? row.email.toLowerCase() : null;
}

/**
 * How the actor takes part in a ticket: as its participant (their own, or one opened signed out
 * with their verified email), as staff, or not at all.
 */
export async function roleOn(
  db: Db,
  actor: Actor,
  row: { userId: string | null; email: string },
): Promise<"user" | "staff" | null> {
  if (actor.console && actor.isAdmin) return "staff";
  if (row.userId === actor.userId) return "user";
  if (row.userId === null && (await verifiedEmailOf(db, actor.address)) === row.email.toLowerCase())
    return "user";
  return actor.isAdmin ? "staff" : null;
}

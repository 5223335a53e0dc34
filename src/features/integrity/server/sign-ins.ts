import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subnetOf } from "@/server/client-ip";

/**
 * Remembers where a sign-in came from (client address and its /24 or /64) for the sybil job's
 * "shared client address" signal. Called by the auth verify route after the session is created.
 */
export async function recordSignIn(
  db: Pick<Db, "execute">,
  who: { userId: string; address: string; ip: string | null },
): Promise<void> {
  await db.execute(sql`INSERT INTO sign_in_events (user_id, address, ip, subnet)
    VALUES (${who.userId}, ${who.address.toLowerCase()}, ${who.ip}, ${who.ip ? subnetOf(who.ip) : null})`);
}

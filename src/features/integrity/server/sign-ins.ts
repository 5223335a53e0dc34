import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { clientKey, subnetOf } from "@/server/client-ip";

/**
 * Remembers where a sign-in came from (client address and its /24 or /64) for the sybil job's
 * "shared client address" signal, once per (address, client, subnet): a repeat adds no row, so signing
 * in again and again cannot grow the table. Called by the auth verify route after the session is created.
 */
export async function recordSignIn(
  db: Pick<Db, "execute">,
  who: { userId: string; address: string; ip: string | null },
): Promise<void> {
  // The client key, as the faucet's claims record it (an IPv6 host picks any address of its /64):
  // the shared-address signal then compares sign-ins and claims alike.
  const client = who.ip ? clientKey(who.ip) : null;
  await db.execute(sql`INSERT INTO sign_in_events (user_id, address, ip, subnet)
    VALUES (${who.userId}, ${who.address.toLowerCase()}, ${client}, ${who.ip ? subnetOf(who.ip) : null})
    ON CONFLICT (address, ip, subnet) DO NOTHING`);
}

import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/** Deterministic participant address number `i` (1-based). */
export const fixtureAddress = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

/**
 * Tests and benchmarks: `count` users with ledger credits dated `at`, points = f(i), in one
 * statement per table (fast enough for 100,000 on PGlite). Addresses come from `fixtureAddress`
 * unless `addresses` gives them.
 */
export async function seedParticipants(
  db: Db,
  opts: { count: number; at: Date; points?: (i: number) => number; prefix?: string; addresses?: string[] },
): Promise<void> {
  const points = opts.points ?? ((i: number) => ((i * 7919) % 5000) + 1);
  const prefix = opts.prefix ?? "fx";
  const n = opts.addresses?.length ?? opts.count;
  const batch = 5_000;
  for (let start = 1; start <= n; start += batch) {
    const ids = Array.from({ length: Math.min(batch, n - start + 1) }, (_, k) => start + k);
    const addrs = ids.map((i) => opts.addresses?.[i - 1]?.toLowerCase() ?? fixtureAddress(i));
    const pts = ids.map(points);
    if (!addrs.every((a) => /^0x[0-9a-f]{40}$/.test(a)) || !pts.every(Number.isSafeInteger)) {
      throw new Error("seedParticipants: bad address or points");
    }
    if (!/^[a-z0-9]{1,10}$/.test(prefix)) throw new Error("seedParticipants: bad prefix");
    await db.execute(sql`
      WITH v AS (
        SELECT * FROM unnest(${sql.raw(`ARRAY[${ids.join(",")}]::int[]`)}, ${sql.raw(
          `ARRAY[${addrs.map((a) => `'${a}'`).join(",")}]::text[]`,
        )}, ${sql.raw(`ARRAY[${pts.join(",")}]::int[]`)}) AS t(i, address, points)
      ), u AS (
        INSERT INTO users (address, referral_code)
        SELECT address, ${`${prefix}`} || i FROM v
        ON CONFLICT (address) DO UPDATE SET address = EXCLUDED.address
        RETURNING id, address
      )
      INSERT INTO points_ledger (user_id, points, reason, source, source_key, created_at)
      SELECT u.id, v.points, 'fixture', 'adjustment', ${prefix} || ':' || v.i, ${opts.at.toISOString()}
      FROM u JOIN v ON v.address = u.address`);
  }
}

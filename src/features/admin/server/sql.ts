import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/** Rows of a raw `db.execute` on either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function query<T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows: T[] };
  return res.rows;
}

/** True when a table exists: features built on other branches (airdrop, names) may be absent. */
export async function tableExists(db: Db, name: string): Promise<boolean> {
  const rows = await query<{ t: string | null }>(db, sql`SELECT to_regclass(${`public.${name}`})::text AS t`);
  return Boolean(rows[0]?.t);
}

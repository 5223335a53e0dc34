import type { SQL } from "drizzle-orm";
import type { Db } from "@/db/client";

/** Rows of a raw `execute` on either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

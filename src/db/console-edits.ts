import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "./client";
import { consoleEdits } from "./schema";

type ConsoleEditKind = (typeof consoleEdits.kind.enumValues)[number];

/**
 * The ids of `kind` that an operator saved in the console (all of them, or those among `ids`): from
 * then on such a task, article or FAQ entry belongs to the database, and the content files' seeders
 * leave it alone. A console save holds the row (FOR UPDATE) until it commits and writes its
 * console_edits row before that, so a seeder that takes the row lock and then asks again here sees
 * a save that committed while it ran (the worker seeds while web processes serve).
 */
export async function consoleEditedIds(
  db: Db,
  kind: ConsoleEditKind,
  ids?: readonly string[],
): Promise<Set<string>> {
  if (ids?.length === 0) return new Set();
  const rows = await db
    .select({ id: consoleEdits.id })
    .from(consoleEdits)
    .where(and(eq(consoleEdits.kind, kind), ids ? inArray(consoleEdits.id, [...ids]) : undefined));
  return new Set(rows.map((r) => r.id));
}

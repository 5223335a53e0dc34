import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { consoleEdits, faqEntries, newsArticles } from "./schema";

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

/**
 * Unpublishes the published rows of a seeded table (news articles, FAQ entries) whose slug is not in
 * `keep` (the files' slugs and the console-edited ones): the files no longer have them. The rows are
 * locked and console_edits asked again first, so a row the console created or first saved while the
 * seed ran stays published. Returns how many were unpublished.
 */
export async function unpublishMissing(
  tx: Db,
  kind: "news" | "faq",
  keep: readonly string[],
): Promise<number> {
  const table = kind === "news" ? newsArticles : faqEntries;
  const stale = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(and(eq(table.published, true), keep.length ? notInArray(table.slug, [...keep]) : undefined))
    .for("update");
  const savedMeanwhile = await consoleEditedIds(
    tx,
    kind,
    stale.map((r) => r.slug),
  );
  const gone = stale.map((r) => r.slug).filter((slug) => !savedMeanwhile.has(slug));
  if (gone.length > 0)
    await tx.update(table).set({ published: false, updatedAt: sql`now()` }).where(inArray(table.slug, gone));
  return gone.length;
}

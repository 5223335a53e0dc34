import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { consoleEditedIds, unpublishMissing } from "@/db/console-edits";
import { faqEntries } from "@/db/schema";
import { forgetFaq } from "./page-data";
import { type FaqEntrySource, parseFaq } from "./parse";

export const FAQ_FILE = path.join(process.cwd(), "content", "faq.md");

export type FaqSeedResult = { inserted: number; updated: number; unchanged: number; unpublished: number };

/**
 * Makes `faq_entries` match `content/faq.md`: questions are keyed by their slug, an edited answer
 * or a moved question updates its row, a removed question is unpublished. Safe on every start.
 * scripts/seed.ts runs it, outside the web process: its reads are left out of Next's file tracing
 * (`turbopackIgnore`), which traced the whole project for a path given by the caller.
 */
export async function seedFaq(db: Db, file: string = FAQ_FILE): Promise<FaqSeedResult> {
  const entries = fs.existsSync(/* turbopackIgnore: true */ file)
    ? parseFaq(fs.readFileSync(/* turbopackIgnore: true */ file, "utf8"))
    : [];
  return upsertFaq(db, entries);
}

export async function upsertFaq(db: Db, entries: FaqEntrySource[]): Promise<FaqSeedResult> {
  const result: FaqSeedResult = { inserted: 0, updated: 0, unchanged: 0, unpublished: 0 };
  await db.transaction(async (tx) => {
    const existing = new Map(
      (
        await tx
          .select({
            slug: faqEntries.slug,
            sourceHash: faqEntries.sourceHash,
            position: faqEntries.position,
            published: faqEntries.published,
          })
          .from(faqEntries)
      ).map((r) => [r.slug, r]),
    );
    // Entries saved in the operator console belong to the database from then on (issue 14).
    const edited = await consoleEditedIds(tx, "faq");
    for (const e of entries) {
      if (edited.has(e.slug)) {
        result.unchanged++;
        continue;
      }
      const row = { ...e, published: true };
      const prior = existing.get(e.slug);
      if (!prior) {
        await tx.insert(faqEntries).values(row).onConflictDoNothing();
        result.inserted++;
      } else if (prior.sourceHash !== e.sourceHash || prior.position !== e.position || !prior.published) {
        // Asked again under the row lock: a console save that committed since `edited` was read.
        await tx
          .select({ slug: faqEntries.slug })
          .from(faqEntries)
          .where(eq(faqEntries.slug, e.slug))
          .for("update");
        if ((await consoleEditedIds(tx, "faq", [e.slug])).size > 0) {
          result.unchanged++;
          continue;
        }
        await tx
          .update(faqEntries)
          .set({ ...row, updatedAt: sql`now()` })
          .where(eq(faqEntries.slug, e.slug));
        result.updated++;
      } else {
        result.unchanged++;
      }
    }
    const slugs = [...entries.map((e) => e.slug), ...edited];
    result.unpublished = await unpublishMissing(tx, "faq", slugs);
  });
  forgetFaq();
  return result;
}

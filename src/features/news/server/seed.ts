import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { consoleEditedIds, unpublishMissing } from "@/db/console-edits";
import { newsArticles } from "@/db/schema";
import { type ArticleSource, loadArticles, NEWS_DIR } from "./articles";

export type SeedResult = { inserted: number; updated: number; unchanged: number; unpublished: number };

/**
 * Makes the `news_articles` table match `content/news/*.md`: new files are inserted, edited files
 * (different content hash) update their row, files that disappeared (or became drafts) are
 * unpublished rather than deleted, so read history stays valid. Safe to run on every start.
 */
export async function seedNews(db: Db, dir: string = NEWS_DIR): Promise<SeedResult> {
  return upsertArticles(db, loadArticles(dir));
}

export async function upsertArticles(db: Db, articles: ArticleSource[]): Promise<SeedResult> {
  const result: SeedResult = { inserted: 0, updated: 0, unchanged: 0, unpublished: 0 };
  await db.transaction(async (tx) => {
    const existing = new Map(
      (
        await tx
          .select({
            slug: newsArticles.slug,
            sourceHash: newsArticles.sourceHash,
            published: newsArticles.published,
          })
          .from(newsArticles)
      ).map((r) => [r.slug, r]),
    );
    // Articles saved in the operator console belong to the database from then on (issue 14).
    const edited = await consoleEditedIds(tx, "news");
    for (const a of articles) {
      if (edited.has(a.slug)) {
        result.unchanged++;
        continue;
      }
      const row = {
        slug: a.slug,
        title: a.title,
        summary: a.summary,
        coverImage: a.coverImage,
        coverAlt: a.coverAlt,
        tags: a.tags,
        publishedAt: a.publishedAt,
        bodyMarkdown: a.bodyMarkdown,
        bodyHtml: a.bodyHtml,
        readingMinutes: a.readingMinutes,
        published: !a.draft,
        sourceHash: a.sourceHash,
      };
      const prior = existing.get(a.slug);
      if (!prior) {
        await tx.insert(newsArticles).values(row).onConflictDoNothing();
        result.inserted++;
      } else if (prior.sourceHash !== a.sourceHash || prior.published !== row.published) {
        // Asked again under the row lock: a console save that committed since `edited` was read.
        await tx
          .select({ slug: newsArticles.slug })
          .from(newsArticles)
          .where(eq(newsArticles.slug, a.slug))
          .for("update");
        if ((await consoleEditedIds(tx, "news", [a.slug])).size > 0) {
          result.unchanged++;
          continue;
        }
        await tx
          .update(newsArticles)
          .set({ ...row, updatedAt: sql`now()` })
          .where(eq(newsArticles.slug, a.slug));
        result.updated++;
      } else {
        result.unchanged++;
      }
    }
    const slugs = [...articles.map((a) => a.slug), ...edited];
    result.unpublished = await unpublishMissing(tx, "news", slugs);
  });
  return result;
}

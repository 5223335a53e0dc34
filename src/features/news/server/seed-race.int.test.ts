import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { consoleEdits, newsArticles } from "@/db/schema";
import { heldConsoleSave, untilBlocked } from "../../../../test/console-save";
import { testDb } from "../../../../test/db";
import type { ArticleSource } from "./articles";
import { upsertArticles } from "./seed";

// Review (content): the worker seeds content/news on every start while web processes serve the
// console. An article the operator saved while the seed ran was overwritten by its file, or
// unpublished as "no longer in the files", because the seed read the list of console edits once.
// The seed now asks again under the row lock (src/db/console-edits.ts). On PostgreSQL (npm test's
// second integration pass) the seed really waits for the save here.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const source = (slug: string, title: string): ArticleSource => ({
  file: `${slug}.md`,
  slug,
  title,
  summary: "Summary.",
  coverImage: null,
  coverAlt: null,
  tags: [],
  publishedAt: new Date("2026-11-01T00:00:00Z"),
  bodyMarkdown: "Text.",
  bodyHtml: "<p>Text.</p>",
  readingMinutes: 1,
  draft: false,
  sourceHash: `hash-of-${title}`,
});

const stored = async (slug: string) =>
  (await handle.db.select().from(newsArticles).where(eq(newsArticles.slug, slug)))[0];

/** What the console's save does: holds the article's row, changes its title, marks it edited. */
const consoleRetitles = (slug: string, title: string) =>
  heldConsoleSave(handle.db, async (tx) => {
    await tx.select().from(newsArticles).where(eq(newsArticles.slug, slug)).for("update");
    await tx.update(newsArticles).set({ title }).where(eq(newsArticles.slug, slug));
    await tx.insert(consoleEdits).values({ kind: "news", id: slug, editedBy: "0xc0" });
  });

describe("seeding news while the console saves", () => {
  it("keeps a console save that commits while the seed waits for the article's row", async () => {
    await upsertArticles(handle.db, [source("race-edit", "From the file")]);
    const save = await consoleRetitles("race-edit", "From the console");
    const seed = upsertArticles(handle.db, [source("race-edit", "From the edited file")]);
    await untilBlocked();
    save.commit();
    await Promise.all([save.done, seed]);
    expect((await stored("race-edit"))?.title).toBe("From the console");
  });

  it("does not unpublish an article whose file is gone when the console saves it meanwhile", async () => {
    await upsertArticles(handle.db, [source("race-keep", "Kept"), source("race-other", "Other")]);
    const save = await consoleRetitles("race-keep", "Kept by the console");
    // The file of race-keep is gone: before the console's save, the seed would unpublish it.
    const seed = upsertArticles(handle.db, [source("race-other", "Other")]);
    await untilBlocked();
    save.commit();
    const [, result] = await Promise.all([save.done, seed]);
    expect(await stored("race-keep")).toMatchObject({ title: "Kept by the console", published: true });
    expect(result.unpublished).toBe(0);
  });

  it("still unpublishes an article whose file is gone and that nobody saved", async () => {
    await upsertArticles(handle.db, [source("race-drop", "Dropped"), source("race-stay", "Stays")]);
    const result = await upsertArticles(handle.db, [source("race-stay", "Stays")]);
    expect((await stored("race-drop"))?.published).toBe(false);
    expect(result.unpublished).toBeGreaterThanOrEqual(1);
  });
});

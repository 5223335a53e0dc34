import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { newsArticles } from "@/db/schema";
import { testDb } from "../../../test/db";
import { listAdminNews } from "./server/news";
import { newsListResponse } from "./server/responses";

// Review (console): the news list held the newest 500 articles and said nothing of the others, so
// an operator with more could not tell some were missing. It now says how many there are in all.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const row = (i: number) => ({
  slug: `listed-${i}`,
  title: `Listed ${i}`,
  summary: "Summary.",
  tags: [],
  publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
  bodyMarkdown: "Text.",
  bodyHtml: "<p>Text.</p>",
  readingMinutes: 1,
  published: i % 2 === 0,
  sourceHash: `h${i}`,
});

describe("the console's news list", () => {
  it("lists the newest articles and says how many there are in all", async () => {
    await handle.db.insert(newsArticles).values([1, 2, 3, 4, 5].map(row));
    const capped = newsListResponse.parse(await listAdminNews(handle.db, 3));
    expect(capped.articles.map((a) => a.slug)).toEqual(["listed-5", "listed-4", "listed-3"]);
    expect(capped.total).toBe(5);
    const all = await listAdminNews(handle.db);
    expect(all.articles).toHaveLength(5);
    expect(all.total).toBe(5);
  });
});

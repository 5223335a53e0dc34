import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consoleEdits, newsArticles } from "@/db/schema";
import { createArticle, newsPatchSchema, updateArticle } from "@/features/admin/server";
import { consoleTestDb } from "./testing";

// PATCH /api/admin/news/{slug}: an absent field keeps its value, null clears it (docs/api.md).

const ACTOR = "0x00000000000000000000000000000000000000ab";
const SLUG = "cover-alt-article";
const handle = consoleTestDb(newsArticles, consoleEdits);

const stored = async () => {
  const [row] = await handle.db.select().from(newsArticles).where(eq(newsArticles.slug, SLUG));
  return { coverImage: row?.coverImage, coverAlt: row?.coverAlt, title: row?.title };
};
const patch = (body: unknown) => updateArticle(handle.db, ACTOR, SLUG, newsPatchSchema.parse(body));

describe("updating a news article's cover alt text", () => {
  it("keeps it when absent, clears it with null, and drops it with the cover", async () => {
    await createArticle(handle.db, ACTOR, {
      slug: SLUG,
      title: "Cover alt",
      summary: "An article with a described cover.",
      bodyMarkdown: "Body.",
      tags: [],
      coverImage: "/news/faucet.svg",
      coverAlt: "A faucet dripping gold",
      publishedAt: new Date().toISOString(),
      published: true,
    });
    await patch({ title: "Cover alt, retitled" });
    expect(await stored()).toEqual({
      coverImage: "/news/faucet.svg",
      coverAlt: "A faucet dripping gold",
      title: "Cover alt, retitled",
    });

    await patch({ coverAlt: null });
    expect(await stored()).toMatchObject({ coverImage: "/news/faucet.svg", coverAlt: "" });

    await patch({ coverAlt: "Described again" });
    expect(await stored()).toMatchObject({ coverAlt: "Described again" });
    await patch({ coverAlt: "" });
    expect(await stored()).toMatchObject({ coverAlt: "" });

    await patch({ coverAlt: "Described again" });
    await patch({ coverImage: null });
    expect(await stored()).toMatchObject({ coverImage: null, coverAlt: null });
  });
});

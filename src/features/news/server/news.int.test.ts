import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as readRoute } from "@/app/api/news/[slug]/read/route";
import { GET as articleRoute } from "@/app/api/news/[slug]/route";
import { GET as listRoute } from "@/app/api/news/route";
import type { DbHandle } from "@/db/client";
import { newsArticles, newsReads } from "@/db/schema";
import {
  apiRequest,
  configureForTests,
  params,
  signedInUser,
  type TestUser,
} from "@/features/support/testing";
import { testDb } from "../../../../test/db";
import type { Article, NewsPage } from "../schema";
import { loadArticles } from "./articles";
import { loadNewsPage } from "./page-data";
import { getArticle, hasReadArticle, listArticles } from "./queries";
import { seedNews } from "./seed";

/** Route handlers without path parameters still take Next's context. */
const NO_PARAMS = { params: Promise.resolve({}) };

let handle: DbHandle;
let user: TestUser;
let dir: string;

function article(name: string, fm: Record<string, string>, body = "Some text.") {
  const lines = Object.entries(fm).map(([k, v]) => `${k}: ${v}`);
  fs.writeFileSync(path.join(dir, `${name}.md`), `---\n${lines.join("\n")}\n---\n\n${body}\n`);
}

function seedFixtures() {
  for (let i = 1; i <= 7; i++) {
    article(`a${i}`, {
      title: `Article ${i}`,
      slug: `article-${i}`,
      date: `2026-0${i}-10`,
      summary: `Summary ${i}`,
      tags: i % 2 ? "[odd, all]" : "[even, all]",
    });
  }
}

beforeAll(async () => {
  handle = await testDb();
  configureForTests();
  user = await signedInUser(handle.db);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-news-"));
  seedFixtures();
});
afterAll(async () => {
  await handle?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("seedNews", () => {
  it("inserts every file once and is idempotent", async () => {
    expect(await seedNews(handle.db, dir)).toEqual({ inserted: 7, updated: 0, unchanged: 0, unpublished: 0 });
    expect(await seedNews(handle.db, dir)).toEqual({ inserted: 0, updated: 0, unchanged: 7, unpublished: 0 });
    expect(await handle.db.$count(newsArticles)).toBe(7);
  });

  it("updates the row when its file is edited, keeping its id", async () => {
    const [before] = await handle.db.select().from(newsArticles).where(eq(newsArticles.slug, "article-3"));
    article(
      "a3",
      {
        title: "Article 3, revised",
        slug: "article-3",
        date: "2026-03-10",
        summary: "New summary",
        tags: "[odd]",
      },
      "## New\n\nBody <script>alert(1)</script>",
    );
    expect(await seedNews(handle.db, dir)).toMatchObject({ inserted: 0, updated: 1, unchanged: 6 });
    const [after] = await handle.db.select().from(newsArticles).where(eq(newsArticles.slug, "article-3"));
    expect(after?.id).toBe(before?.id);
    expect(after?.title).toBe("Article 3, revised");
    expect(after?.tags).toEqual(["odd"]);
    expect(after?.bodyHtml).toContain("<h2>New</h2>");
    expect(after?.bodyHtml).not.toContain("<script");
  });

  it("unpublishes an article whose file was removed, and republishes it when it returns", async () => {
    const file = path.join(dir, "a7.md");
    const saved = fs.readFileSync(file, "utf8");
    fs.rmSync(file);
    expect(await seedNews(handle.db, dir)).toMatchObject({ unpublished: 1 });
    expect(await getArticle(handle.db, "article-7")).toBeNull();
    fs.writeFileSync(file, saved);
    expect(await seedNews(handle.db, dir)).toMatchObject({ updated: 1, unpublished: 0 });
    expect(await getArticle(handle.db, "article-7")).not.toBeNull();
  });

  it("refuses a file with bad front matter without touching the database", async () => {
    const bad = path.join(dir, "bad.md");
    fs.writeFileSync(bad, "---\ntitle: No date\nsummary: x\n---\nbody\n");
    await expect(seedNews(handle.db, dir)).rejects.toThrow(
      /bad\.md: front matter date: This field is required/,
    );
    fs.rmSync(bad);
  });

  it("refuses two files with the same slug", async () => {
    const dup = path.join(dir, "dup.md");
    fs.writeFileSync(dup, "---\ntitle: Dup\nslug: article-1\ndate: 2026-01-01\nsummary: x\n---\nbody\n");
    await expect(seedNews(handle.db, dir)).rejects.toThrow(/slug "article-1" is already used by a1\.md/);
    fs.rmSync(dup);
  });

  it("refuses a remote cover or body image with the reason, not one the CSP blocks on the page", async () => {
    const bad = path.join(dir, "remote.md");
    fs.writeFileSync(
      bad,
      "---\ntitle: R\ndate: 2026-01-01\nsummary: x\ncover: https://cdn.example.org/a.png\n---\nbody\n",
    );
    await expect(seedNews(handle.db, dir)).rejects.toThrow(
      /remote\.md: front matter cover: a path on this site such as \/news\/cover\.svg .*Content-Security-Policy/,
    );
    fs.writeFileSync(
      bad,
      "---\ntitle: R\ndate: 2026-01-01\nsummary: x\n---\n![a](https://cdn.example.org/a.png)\n",
    );
    await expect(seedNews(handle.db, dir)).rejects.toThrow(
      /remote\.md: the image https:\/\/cdn\.example\.org\/a\.png cannot be shown: /,
    );
    fs.rmSync(bad);
  });

  it("parses the real content/news articles", () => {
    const real = loadArticles();
    expect(real.length).toBeGreaterThanOrEqual(3);
    for (const a of real) {
      expect(a.publishedAt.getUTCFullYear()).toBe(2026);
      expect(a.tags.length).toBeGreaterThan(0);
      expect(a.bodyHtml).not.toMatch(/<script/i);
    }
  });
});

describe("listArticles", () => {
  it("pages newest first", async () => {
    const p1 = await listArticles(handle.db, { page: 1, pageSize: 3 });
    expect(p1.articles.map((a) => a.slug)).toEqual(["article-7", "article-6", "article-5"]);
    expect(p1).toMatchObject({ total: 7, totalPages: 3, page: 1 });
    const p3 = await listArticles(handle.db, { page: 3, pageSize: 3 });
    expect(p3.articles.map((a) => a.slug)).toEqual(["article-1"]);
    const past = await listArticles(handle.db, { page: 9, pageSize: 3 });
    expect(past.articles).toEqual([]);
  });

  it("/news shows the last page for a page past the end, with the tag kept", async () => {
    const last = await loadNewsPage({ page: "999" });
    expect(last).toMatchObject({ page: 2, totalPages: 2, total: 7 });
    expect(last.articles.map((a) => a.slug)).toEqual(["article-1"]);
    const tagged = await loadNewsPage({ page: "5", tag: "even" });
    expect(tagged).toMatchObject({ page: 1, totalPages: 1, tag: "even" });
    expect(tagged.articles).toHaveLength(3);
    // Nothing to show at all is still page 1 of 1.
    expect(await loadNewsPage({ page: "3", tag: "nothing-tagged" })).toMatchObject({
      page: 1,
      totalPages: 1,
      articles: [],
    });
    // The API keeps its documented answer: an empty page.
    expect((await listArticles(handle.db, { page: 999, pageSize: 6 })).articles).toEqual([]);
  });

  it("filters by tag and lists every tag", async () => {
    const even = await listArticles(handle.db, { page: 1, pageSize: 10, tag: "even" });
    expect(even.articles.map((a) => a.slug)).toEqual(["article-6", "article-4", "article-2"]);
    expect(even.total).toBe(3);
    expect(even.tags).toEqual(["all", "even", "odd"]);
  });
});

describe("getArticle", () => {
  it("links the older article as previous and the newer as next", async () => {
    const a = await getArticle(handle.db, "article-4");
    expect(a?.previous).toEqual({ slug: "article-3", title: "Article 3, revised" });
    expect(a?.next).toEqual({ slug: "article-5", title: "Article 5" });
    expect((await getArticle(handle.db, "article-1"))?.previous).toBeNull();
    expect((await getArticle(handle.db, "article-7"))?.next).toBeNull();
  });
});

describe("GET /api/news", () => {
  it("answers a page with tags", async () => {
    const res = await listRoute(apiRequest("/api/news?page=2&pageSize=2&tag=odd", { user }), NO_PARAMS);
    expect(res.status).toBe(200);
    const body = (await res.json()) as NewsPage;
    expect(body.articles.map((a) => a.slug)).toEqual(["article-3", "article-1"]);
    expect(body).toMatchObject({ page: 2, pageSize: 2, total: 4, totalPages: 2, tag: "odd" });
  });

  it("refuses bad query values with 400 and no session with 401", async () => {
    expect((await listRoute(apiRequest("/api/news?page=0", { user }), NO_PARAMS)).status).toBe(400);
    expect((await listRoute(apiRequest("/api/news?pageSize=500", { user }), NO_PARAMS)).status).toBe(400);
    expect((await listRoute(apiRequest("/api/news?tag=<x>", { user }), NO_PARAMS)).status).toBe(400);
    expect((await listRoute(apiRequest("/api/news"), NO_PARAMS)).status).toBe(401);
  });
});

describe("GET /api/news/{slug}", () => {
  it("returns the rendered article and records the first read once", async () => {
    expect(await hasReadArticle(handle.db, user.userId, "article-3")).toBe(false);
    const res = await articleRoute(
      apiRequest("/api/news/article-3", { user }),
      params({ slug: "article-3" }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Article;
    expect(body.html).toContain("&lt;script&gt;");
    expect(body).not.toHaveProperty("id");
    expect(await hasReadArticle(handle.db, user.userId, "article-3")).toBe(true);
    await articleRoute(apiRequest("/api/news/article-3", { user }), params({ slug: "article-3" }));
    expect(await handle.db.$count(newsReads, eq(newsReads.userId, user.userId))).toBe(1);
  });

  it("answers 404 for an unknown slug and 401 without a session", async () => {
    const missing = await articleRoute(apiRequest("/api/news/nope", { user }), params({ slug: "nope" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: "ARTICLE_NOT_FOUND", message: "Article not found." },
    });
    expect(
      (await articleRoute(apiRequest("/api/news/article-3"), params({ slug: "article-3" }))).status,
    ).toBe(401);
  });

  it("answers 400 for a NUL or a lone surrogate in the slug and 404 for any other text (issue 10)", async () => {
    for (const slug of ["article-3\u0000", "\ud800"]) {
      const res = await articleRoute(apiRequest("/api/news/x", { user }), params({ slug }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_TEXT");
    }
    for (const slug of ["%zz", "x".repeat(5_000), "Article-3", "../article-3", "\u0001"]) {
      const res = await articleRoute(apiRequest("/api/news/x", { user }), params({ slug }));
      expect(res.status).toBe(404);
    }
  });
});

describe("POST /api/news/{slug}/read (the article page's signed-in shell)", () => {
  it("records the first read once, answering only { read: true }", async () => {
    const reader = await signedInUser(handle.db);
    const post = () =>
      readRoute(
        apiRequest("/api/news/article-5/read", { method: "POST", user: reader }),
        params({ slug: "article-5" }),
      );
    expect(await hasReadArticle(handle.db, reader.userId, "article-5")).toBe(false);
    const [a, b] = await Promise.all([post(), post()]);
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ read: true });
    }
    expect(await hasReadArticle(handle.db, reader.userId, "article-5")).toBe(true);
    expect((await post()).status).toBe(200);
    expect(await handle.db.$count(newsReads, eq(newsReads.userId, reader.userId))).toBe(1);
  });

  it("answers 404 for an unknown or unpublished article, 401 without a session, 403 from another origin", async () => {
    const reader = await signedInUser(handle.db);
    for (const slug of ["nope", "Article-5", "../article-5", "x".repeat(5_000)]) {
      const res = await readRoute(
        apiRequest("/api/news/x/read", { method: "POST", user: reader }),
        params({ slug }),
      );
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("ARTICLE_NOT_FOUND");
    }
    await handle.db.update(newsArticles).set({ published: false }).where(eq(newsArticles.slug, "article-6"));
    try {
      const hidden = await readRoute(
        apiRequest("/api/news/article-6/read", { method: "POST", user: reader }),
        params({ slug: "article-6" }),
      );
      expect(hidden.status).toBe(404);
    } finally {
      await handle.db.update(newsArticles).set({ published: true }).where(eq(newsArticles.slug, "article-6"));
    }
    const anonymous = await readRoute(
      apiRequest("/api/news/article-5/read", { method: "POST" }),
      params({ slug: "article-5" }),
    );
    expect(anonymous.status).toBe(401);
    const foreign = await readRoute(
      apiRequest("/api/news/article-5/read", {
        method: "POST",
        user: reader,
        headers: { origin: "https://evil.example" },
      }),
      params({ slug: "article-5" }),
    );
    expect(foreign.status).toBe(403);
    expect(await handle.db.$count(newsReads, eq(newsReads.userId, reader.userId))).toBe(0);
  });
});

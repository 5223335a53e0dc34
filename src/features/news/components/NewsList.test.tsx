import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { NewsPage } from "../schema";
import { NewsList } from "./NewsList";

const page = (over: Partial<NewsPage>): NewsPage => ({
  articles: [],
  page: 1,
  pageSize: 6,
  total: 0,
  totalPages: 1,
  tag: null,
  tags: [],
  ...over,
});
const article = {
  slug: "launch",
  title: "Launch",
  summary: "We launched.",
  coverImage: null,
  coverAlt: null,
  tags: ["guide"],
  publishedAt: "2026-03-02T00:00:00.000Z",
  readingMinutes: 2,
};

describe("NewsList pagination", () => {
  it("formats the page numbers like other counts and links only to pages that exist", () => {
    const html = renderToString(
      <NewsList data={page({ articles: [article], page: 1204, totalPages: 1204, total: 7224 })} />,
    );
    expect(html).toContain("Page 1,204 of 1,204");
    expect(html).toContain('href="/news?page=1203"');
    expect(html).not.toContain("Older");
  });

  it("keeps the tag in the links", () => {
    const html = renderToString(
      <NewsList
        data={page({ articles: [article], page: 2, totalPages: 3, tag: "guide", tags: ["guide"] })}
      />,
    );
    expect(html).toContain('href="/news?tag=guide"');
    expect(html).toContain('href="/news?tag=guide&amp;page=3"');
  });
});

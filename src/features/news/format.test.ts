import { describe, expect, it } from "vitest";
import { formatArticleDate, formatReadingTime, newsHref } from "./format";

describe("news formatting", () => {
  it("formats dates in UTC, through the one formatter", () => {
    expect(formatArticleDate("2026-10-06T00:00:00.000Z")).toBe("Oct 6, 2026");
    expect(formatArticleDate("2026-10-06T23:30:00.000Z")).toBe("Oct 6, 2026");
  });
  it("formats reading time", () => {
    expect(formatReadingTime(3)).toBe("3 min read");
  });
  it("builds list URLs", () => {
    expect(newsHref({})).toBe("/news");
    expect(newsHref({ page: 1, tag: null })).toBe("/news");
    expect(newsHref({ page: 2 })).toBe("/news?page=2");
    expect(newsHref({ page: 3, tag: "guide" })).toBe("/news?tag=guide&page=3");
  });
});

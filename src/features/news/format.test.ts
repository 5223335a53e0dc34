import { describe, expect, it } from "vitest";
import { formatArticleDate, formatPageOf, formatReadingTime, newsHref } from "./format";

describe("news formatting", () => {
  it("formats dates in UTC, through the one formatter", () => {
    expect(formatArticleDate("2026-10-06T00:00:00.000Z")).toBe("Oct 6, 2026");
    expect(formatArticleDate("2026-10-06T23:30:00.000Z")).toBe("Oct 6, 2026");
  });
  it("formats reading time", () => {
    expect(formatReadingTime(3)).toBe("3 min read");
    expect(formatReadingTime(1200)).toBe("1,200 min read");
  });
  it("formats the list's page numbers like every other count", () => {
    expect(formatPageOf(2, 3)).toBe("Page 2 of 3");
    expect(formatPageOf(1000, 1204)).toBe("Page 1,000 of 1,204");
    expect(formatPageOf(1000, 1204, "de-DE")).toBe("Page 1.000 of 1.204");
  });
  it("builds list URLs", () => {
    expect(newsHref({})).toBe("/news");
    expect(newsHref({ page: 1, tag: null })).toBe("/news");
    expect(newsHref({ page: 2 })).toBe("/news?page=2");
    expect(newsHref({ page: 3, tag: "guide" })).toBe("/news?tag=guide&page=3");
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NewsListSkeleton } from "./NewsSkeleton";

// The header's description is a large early paint of the page (issue 11 LCP): the skeleton shows it.
describe("NewsListSkeleton", () => {
  it("shows the real page header while the articles load", () => {
    const html = renderToStaticMarkup(<NewsListSkeleton />);
    expect(html).toContain(">News</h1>");
    expect(html).toContain("Announcements, guides and changes to the testnet campaign, newest first.");
    expect(html).toContain('aria-label="Loading news"');
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FaqSkeleton } from "./FaqPage";

// The header's description is the page's LCP element: the loading skeleton must paint it (issue 11).
describe("FaqSkeleton", () => {
  it("shows the real page header while the FAQ loads", () => {
    const html = renderToStaticMarkup(<FaqSkeleton />);
    expect(html).toContain(">FAQ</h1>");
    expect(html).toContain("Answers to the questions participants ask most");
    expect(html).toContain('aria-label="Loading the FAQ"');
  });
});

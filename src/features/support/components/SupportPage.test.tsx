import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SupportSkeleton } from "./SupportPage";

// The header's description is the page's LCP element: the loading skeleton must paint it (issue 11).
describe("SupportSkeleton", () => {
  it("shows the real page header while the tickets load", () => {
    const html = renderToStaticMarkup(<SupportSkeleton />);
    expect(html).toContain(">Support</h1>");
    expect(html).toContain("Something broken or unclear? Send the team a ticket");
    expect(html).toContain('aria-label="Loading support"');
  });
});

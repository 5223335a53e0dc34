// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NewsScreen } from "./NewsScreen";

// Operator console: the news list holds the newest articles; the screen says when there are more.

const article = (i: number) => ({
  slug: `a-${i}`,
  title: `Article ${i}`,
  summary: "Summary.",
  tags: [],
  coverImage: null,
  coverAlt: null,
  bodyMarkdown: "Text.",
  publishedAt: "2026-01-01T00:00:00.000Z",
  published: true,
  updatedAt: "2026-01-01T00:00:00.000Z",
});

function renderWith(answer: { articles: unknown[]; total: number }) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    ),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <NewsScreen />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("NewsScreen", () => {
  it("says how many articles are not listed when the list is capped", async () => {
    renderWith({ articles: [article(1), article(2)], total: 740 });
    expect((await screen.findByTestId("news-list-capped")).textContent).toBe(
      "Showing the newest 2 of 740 articles. Older ones keep their state but are not listed here.",
    );
  });

  it("says nothing of the kind when every article is listed", async () => {
    renderWith({ articles: [article(1), article(2)], total: 2 });
    await screen.findByText("Article 2");
    expect(screen.queryByTestId("news-list-capped")).toBeNull();
  });
});

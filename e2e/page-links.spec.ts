import type { Page } from "@playwright/test";
import { expect, gotoApp, signIn, test } from "./fixtures";

// Links between pages are never prefetched (src/ui/PageLink.tsx): every page is rendered per
// request, so a prefetch fetched only the route tree and the layouts, one or two requests per link
// in view on every visit. Account 5 is only signed in here; nothing in this file touches the chain.

/** Every request the router sends ahead of a click (`Next-Router-Prefetch`), from now on. */
function prefetches(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => {
    if (req.headers()["next-router-prefetch"]) seen.push(req.url());
  });
  return seen;
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("the explorer's lists of blocks and transactions ask the server for nothing ahead of a click", async ({
      page,
    }) => {
      const seen = prefetches(page);
      await gotoApp(page, "/explorer");
      await expect(page.locator('main a[href^="/explorer/block/"]').first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(seen).toEqual([]);
    });

    test("the news list and its tag filter prefetch nothing, and a tag is still a client navigation", async ({
      page,
    }) => {
      await signIn(page, { account: 5, next: "/news" });
      const seen = prefetches(page);
      await gotoApp(page, "/news");
      const filter = page.getByRole("navigation", { name: "Filter by tag" });
      await expect(filter.getByRole("link").nth(1)).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(seen).toEqual([]);

      // A client navigation keeps the document: a mark set on it survives the click.
      await page.evaluate(() => {
        (window as { stayed?: boolean }).stayed = true;
      });
      await filter.getByRole("link", { name: "#faucet" }).click();
      await expect(page).toHaveURL(/\/news\?tag=faucet$/, { timeout: 30_000 });
      await expect(filter.getByRole("link", { name: "#faucet" })).toHaveAttribute("aria-current", "page");
      expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
      expect(seen).toEqual([]);
    });
  });
}

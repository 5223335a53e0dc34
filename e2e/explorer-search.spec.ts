import { expectAxeClean } from "./axe";
import { expect, test } from "./fixtures";

// Issue 18 item 8: a search that matches nothing answers on the search page, with examples.
for (const width of [390, 1280]) {
  test(`explorer search without a match explains itself at ${width} px`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    const res = await page.goto("/explorer/search?q=nothing-here");
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId("explorer-no-match")).toHaveText(
      'No block, transaction or address matches "nothing-here".',
    );
    await expect(page.getByText("a name: alice.aurum")).toBeVisible();
    // The form is there to try again.
    await expect(page.getByRole("button", { name: "Search" })).toBeVisible();
    await expectAxeClean(page);
    await ctx.close();
  });
}

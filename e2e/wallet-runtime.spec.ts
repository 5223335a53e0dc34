import { expect, gotoApp, test } from "./fixtures";

// docs/ARCHITECTURE.md "Wallet modal": a signed-out visitor of a page without wallet content never
// downloads the wallet runtime (wagmi, viem's clients, TanStack Query, toasts, the modal) until they
// show intent; the connect flow still works from the first click.
for (const width of [390, 1280]) {
  test.describe(`wallet runtime on intent at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the landing page loads without it and the first click on Connect wallet opens the modal", async ({
      page,
      wallet,
    }) => {
      await wallet.install(page);
      await gotoApp(page, "/");
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      // Hydrated, and nothing asked for the runtime: it is not on the page.
      await page.waitForTimeout(500);
      await expect(page.locator("html[data-wallet-ready]")).toHaveCount(0);
      await expect(page.locator("html[data-wallet-wanted]")).toHaveCount(0);

      const connect = page.getByRole("banner").getByRole("button", { name: "Connect wallet" });
      if (width < 640) {
        // The phone header keeps the connect button; a tap is the intent.
        await connect.first().click();
      } else {
        await connect.first().hover();
        await expect(page.locator("html[data-wallet-ready]")).toHaveCount(1);
        await connect.first().click();
      }
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(page.getByRole("dialog").getByRole("button", { name: "Aurum Test Wallet" })).toBeVisible();
    });

    test("a page that reads the chain loads it at once", async ({ page }) => {
      await gotoApp(page, "/connect");
      await expect(page.locator("html[data-wallet-ready]")).toHaveCount(1);
    });
  });
}

import type { Page } from "@playwright/test";
import { expectNoSeriousAxe } from "./axe";
import { expect, gotoApp, test } from "./fixtures";

// The wallet modal's wallet list (issue 15): AllWallets, phone deep links, the doctor's extension checks.
// Generous per-test time: several browser tests share two cores with the app server and the chain.
test.describe.configure({ timeout: 120_000 });

const MODAL = { include: "[data-testid=wallet-modal]" };

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function openConnect(page: Page) {
  const opener = page.getByRole("banner").getByRole("button", { name: "Connect wallet" });
  await opener.click();
  return opener;
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("All wallets: recommended four, search, Escape returns focus to the opener", async ({ page }) => {
      await gotoApp(page, "/");
      const opener = await openConnect(page);
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /All wallets/ })
        .click();
      const modal = page.getByRole("dialog", { name: "All wallets" });
      const recommended = modal.getByRole("region", { name: "Recommended" });
      await expect(recommended.getByRole("listitem")).toHaveCount(4);
      await expect(recommended.getByRole("listitem").first()).toContainText("MetaMask");
      // Icons are served from our own origin.
      await expect(recommended.locator("img").first()).toHaveAttribute("src", "/wallets/metamask.svg");
      // Pages of 40 from the API, less the 4 recommended and "Browser Wallet" (hidden on desktop).
      const shown = async (pages: number) => {
        let n = 0;
        for (let p = 1; p <= pages; p++) {
          const body = (await (await page.request.get(`/api/wallets?page=${p}&entries=40`)).json()) as {
            data: { name: string; featured: number | null }[];
          };
          n += body.data.filter((w) => w.name !== "Browser Wallet" && !w.featured).length;
        }
        return n;
      };
      const rows = modal.getByRole("region", { name: "All wallets" }).getByRole("listitem");
      await expect(rows).toHaveCount(await shown(1));
      await modal.getByRole("button", { name: "Show more wallets" }).click();
      await expect(rows).toHaveCount(await shown(2));
      await expectNoSeriousAxe(page, MODAL);

      await modal.getByRole("searchbox", { name: "Search wallets" }).fill("rab");
      const results = modal.getByRole("region", { name: "Results for rab" });
      await expect(results.getByRole("listitem")).toHaveText(["Rabby Wallet"]);
      await modal.getByRole("searchbox", { name: "Search wallets" }).fill("zzzz-no-wallet");
      await expect(modal.getByRole("status").first()).toContainText("No wallet matches");

      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test("a wallet that is not installed leads to its install links (desktop)", async ({ page }) => {
      await gotoApp(page, "/");
      await openConnect(page);
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /All wallets/ })
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Rabby Wallet" }).click();
      const modal = page.getByRole("dialog", { name: "Rabby Wallet" });
      await expect(modal).toContainText("not installed in this browser");
      await expect(modal.getByRole("link", { name: /Chrome Web Store/ })).toHaveAttribute(
        "href",
        /^https:\/\/chrome\.google\.com\/webstore\//,
      );
      await expectNoSeriousAxe(page, MODAL);
      await modal.getByRole("button", { name: "Back", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "All wallets" })).toBeVisible();
    });

    test("the installed wallet is listed first and marked; choosing it connects", async ({
      page,
      wallet,
    }) => {
      await wallet.install(page, { account: 6 });
      await gotoApp(page, "/");
      await openConnect(page);
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /All wallets/ })
        .click();
      const modal = page.getByRole("dialog", { name: "All wallets" });
      const first = modal.getByRole("region", { name: "All wallets" }).getByRole("listitem").first();
      await expect(first).toContainText("Aurum Test Wallet");
      await expect(first).toContainText("Installed");
      await first.getByRole("button").click();
      await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      // The recent wallet now sits on top, marked.
      await openConnect(page);
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /All wallets/ })
        .click();
      const again = page.getByRole("dialog", { name: "All wallets" });
      const top = again.getByRole("region", { name: "All wallets" }).getByRole("listitem").first();
      await expect(top).toContainText("Aurum Test Wallet");
      await expect(top).toContainText("Recent");
    });
  });
}

test.describe("on a phone without a wallet (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, hasTouch: true, isMobile: true });

  test("opens All wallets at once; a tap opens the page in the wallet's browser; nothing happened is explained", async ({
    page,
    baseURL,
  }) => {
    // The deep link's host answers 204: the browser stays on the page, as when the app is missing.
    await page.route("https://metamask.app.link/**", (route) => route.fulfill({ status: 204 }));
    await gotoApp(page, "/");
    await openConnect(page);
    const modal = page.getByRole("dialog", { name: "All wallets" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("button", { name: "Back", exact: true })).toHaveCount(0);
    const host = new URL(baseURL as string).host;
    const metamask = modal.getByRole("link", { name: "MetaMask" });
    await expect(metamask).toHaveAttribute("href", `https://metamask.app.link/dapp/${host}/`);
    await expect(modal.getByRole("link", { name: "Trust Wallet" })).toHaveAttribute(
      "href",
      `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(`${baseURL}/`)}`,
    );
    await expectNoSeriousAxe(page, MODAL);
    await metamask.click();
    const open = page.getByRole("dialog", { name: "MetaMask" });
    await expect(open).toContainText("Opening MetaMask");
    // After a few seconds on the same page: the message and the store link.
    await expect(open.getByTestId("deeplink-stuck")).toContainText("did not open");
    await expect(open.getByRole("link", { name: /App Store/ })).toHaveAttribute(
      "href",
      /^https:\/\/apps\.apple\.com\//,
    );
    await expect(open.getByRole("link", { name: "Open in MetaMask" })).toBeVisible();
    await expectNoSeriousAxe(page, MODAL);
  });
});

test.describe("wallet doctor: extensions", () => {
  test("two providers with the same rdns, and window.ethereum owned by another extension", async ({
    page,
    wallet,
  }) => {
    await wallet.install(page, { account: 6 });
    await page.addInitScript(() => {
      const impostor = { request: async () => null, on() {}, removeListener() {} };
      const detail = Object.freeze({
        info: Object.freeze({
          uuid: crypto.randomUUID(),
          name: "Aurum Test Wallet",
          icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
          rdns: "dev.aurum.testwallet",
        }),
        provider: impostor,
      });
      const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
      (window as unknown as { ethereum: unknown }).ethereum = { request: async () => null };
    });
    await gotoApp(page, "/");
    await openConnect(page);
    const modal = page.getByRole("dialog", { name: "Connect a wallet" });
    await expect(modal.getByTestId("doctor-duplicate")).toContainText(
      "Two extensions call themselves Aurum Test Wallet",
    );
    await expect(modal.getByTestId("doctor-takeover")).toContainText("window.ethereum");
  });

  test("an RPC that does not answer is reported when the modal opens", async ({ page }) => {
    const rpcOrigin = new URL(process.env.E2E_ANVIL_URL as string).origin;
    await page.route(
      (url) => url.origin === rpcOrigin,
      (route) => route.abort(),
    );
    await gotoApp(page, "/");
    await openConnect(page);
    await expect(page.getByRole("dialog").getByTestId("doctor-rpc")).toContainText("not answering");
  });
});

test("keyboard only: open, reach All wallets, search, close with Escape", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await gotoApp(page, "/");
  const opener = page.getByRole("banner").getByRole("button", { name: "Connect wallet" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const modal = page.getByRole("dialog", { name: "Connect a wallet" });
  await expect(modal).toBeVisible();
  const all = modal.getByRole("button", { name: /All wallets/ });
  for (let i = 0; i < 12 && !(await all.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(all).toBeFocused();
  await page.keyboard.press("Enter");
  const list = page.getByRole("dialog", { name: "All wallets" });
  await expect(list).toBeVisible();
  const search = list.getByRole("searchbox", { name: "Search wallets" });
  for (let i = 0; i < 6 && !(await search.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(search).toBeFocused();
  await page.keyboard.type("trust");
  await expect(list.getByRole("region", { name: "Results for trust" }).getByRole("listitem")).toHaveText([
    "Trust Wallet",
  ]);
  await page.keyboard.press("Tab");
  await expect(list.getByRole("button", { name: "Trust Wallet" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Trust Wallet" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(opener).toBeFocused();
});

import type { Page } from "@playwright/test";
import { expect, freshAccount, gotoApp, shortAddress, signIn, test } from "./fixtures";

/**
 * The wallet runtime (src/wallet-modal/WalletRuntime.tsx: the one WagmiProvider, toasts, the modal)
 * mounts once per tab whichever page loaded it: the root's import on `/`, the (wallet) layout's
 * import on a page that reads the chain (src/wallet-modal/runtime-loader.ts, docs/ARCHITECTURE.md
 * "Client bundles"). Client navigations between the landing page (root layout only) and (wallet)
 * pages keep it: the connection, an open modal and a toast survive, and it never mounts again.
 */

const mounts = (page: Page) => page.locator("html").getAttribute("data-wallet-runtime-mounts");
const via = (page: Page) => page.locator("html").getAttribute("data-wallet-runtime-import");

/** A marker on `window` that only a full page load removes. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}
async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    "a client navigation, not a page load",
  ).toBe(true);
}

/** Follows a header link as a user would: in the menu on a phone, in the bar on wider screens. */
async function follow(page: Page, label: string, width: number) {
  if (width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
  const nav = width < 1024 ? page.getByTestId("mobile-menu") : page.getByRole("banner");
  await nav.getByRole("link", { name: label, exact: true }).click();
}

/** react-toastify pauses its timers while the window has no focus: the toast stays for the check. */
async function pauseToasts(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event("blur")));
}

for (const width of [390, 1280]) {
  test.describe(`wallet runtime across client navigations at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("signed in: / → /swap → / → /task keeps one runtime, the connection, the modal and a toast", async ({
      page,
      wallet,
    }) => {
      const w = await wallet.install(page, { privateKey: await freshAccount() });
      await signIn(page, { next: "/" });
      const chip = page.getByTestId("account-chip");

      // A fresh load of the landing page: the root layout's import.
      await gotoApp(page, "/");
      await expect(chip).toContainText(shortAddress(w.address));
      expect(await via(page)).toBe("root");
      expect(await mounts(page)).toBe("1");
      await markDocument(page);

      await follow(page, "Swap", width);
      await page.waitForURL((u) => u.pathname === "/swap");
      await expect(page.getByRole("heading", { level: 1, name: "Swap" })).toBeVisible();
      await expectSameDocument(page);
      await expect(chip).toContainText(shortAddress(w.address));

      // The modal open and a toast showing on a (wallet) page, then back to the landing page.
      await chip.click();
      const modal = page.getByRole("dialog");
      await expect(modal.getByTestId("account-address")).toHaveText(shortAddress(w.address));
      await modal.getByRole("button", { name: "Copy address" }).click();
      const toast = page.locator(".Toastify__toast").filter({ hasText: /Address copied|Could not copy/ });
      await expect(toast).toBeVisible();
      await pauseToasts(page);
      const accountsCalls = w.methods().filter((m) => m === "eth_accounts").length;

      await page.goBack();
      await page.waitForURL((u) => u.pathname === "/");
      // (The open modal hides the page from the accessibility tree.)
      await expect(page.locator("main h1")).toBeVisible();
      await expectSameDocument(page);
      await expect(modal.getByTestId("account-address")).toHaveText(shortAddress(w.address));
      await expect(toast).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();

      await follow(page, "Tasks", width);
      await page.waitForURL((u) => u.pathname === "/task");
      await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
      await expectSameDocument(page);
      await expect(chip).toContainText(shortAddress(w.address));

      // One mount, and no second reconnect asked the wallet for its accounts again.
      expect(await mounts(page)).toBe("1");
      expect(w.methods().filter((m) => m === "eth_accounts").length).toBe(accountsCalls);

      // A fresh load of a (wallet) page signed in (the runtime is wanted from the first render): the
      // layout's import all the same.
      await gotoApp(page, "/swap");
      await expect(chip).toContainText(shortAddress(w.address));
      expect(await via(page)).toBe("layout");
      expect(await mounts(page)).toBe("1");
    });

    test("signed out: a (wallet) page loads it through its layout; / and back keep it", async ({
      page,
      wallet,
    }) => {
      await wallet.install(page);
      // A fresh load of a (wallet) page: the layout's import.
      await gotoApp(page, "/connect");
      expect(await via(page)).toBe("layout");
      expect(await mounts(page)).toBe("1");
      await markDocument(page);

      await page.getByRole("main").getByRole("button", { name: "Connect wallet" }).click();
      const modal = page.getByRole("dialog");
      await expect(modal.getByRole("button", { name: "Aurum Test Wallet" })).toBeVisible();

      // The open modal covers the header: close it, follow the link, open it again on `/`.
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
      await follow(page, "Home", width);
      await page.waitForURL((u) => u.pathname === "/");
      await expectSameDocument(page);
      await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).first().click();
      await expect(modal.getByRole("button", { name: "Aurum Test Wallet" })).toBeVisible();

      await page.goBack();
      await page.waitForURL((u) => u.pathname === "/connect");
      await expectSameDocument(page);
      await expect(modal.getByRole("button", { name: "Aurum Test Wallet" })).toBeVisible();
      expect(await mounts(page)).toBe("1");
    });

    test("signed out: the landing page, then a client navigation to a (wallet) page loads it once", async ({
      page,
    }) => {
      await gotoApp(page, "/");
      await expect(page.locator("html[data-wallet-runtime-mounts]")).toHaveCount(0);
      await markDocument(page);
      // A protected page: the visitor lands on /connect, a (wallet) page, in the same document.
      await follow(page, "Swap", width);
      await page.waitForURL((u) => u.pathname === "/connect");
      await expect(page.locator("html[data-wallet-ready]")).toHaveCount(1);
      await expectSameDocument(page);
      expect(await via(page)).toBe("layout");
      expect(await mounts(page)).toBe("1");
    });
  });
}

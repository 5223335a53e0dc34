import type { Page } from "@playwright/test";
import { expect, gotoApp, test, waitForApp } from "./fixtures";
import { expectModalAxeClean } from "./wallet-modal-axe";

// The wallet modal's focus return, error states and the doctor's "request never shown" (issues 15, 18).
test.describe.configure({ timeout: 120_000 });

/**
 * Page side: an EIP-6963 wallet that never answers eth_requestAccounts (an extension whose popup the
 * user never sees). Counts the requests so a retry can be checked.
 */
function silentWallet() {
  const w = window as unknown as { __silentRequests: number };
  w.__silentRequests = 0;
  const provider = {
    request({ method }: { method: string }) {
      if (method === "eth_requestAccounts") {
        w.__silentRequests++;
        return new Promise(() => undefined);
      }
      if (method === "eth_accounts") return Promise.resolve([]);
      if (method === "eth_chainId") return Promise.resolve("0x1");
      return Promise.reject(Object.assign(new Error("Unsupported"), { code: 4200 }));
    },
    on() {
      return provider;
    },
    removeListener() {
      return provider;
    },
  };
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: "0d9f5a8e-3b3e-4d52-8f43-5a1c2c9d7e11",
      name: "Silent Wallet",
      rdns: "dev.aurum.silentwallet",
      icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'><rect width='8' height='8' fill='%23888'/></svg>",
    }),
    provider,
  });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}

const headerConnect = (page: Page) =>
  page.getByRole("banner").getByRole("button", { name: "Connect wallet" });

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("focus returns to the button that opened the modal, after Escape and after ×", async ({
      page,
      wallet,
    }) => {
      await wallet.install(page);
      await gotoApp(page, "/");
      const opener = headerConnect(page);
      // Keyboard only: focus the button, open with Enter, close with Escape.
      await opener.focus();
      await page.keyboard.press("Enter");
      const modal = page.getByRole("dialog", { name: "Connect a wallet" });
      await expect(modal).toBeVisible();
      // Focus moved into the modal (the page behind it is hidden from assistive technology).
      await expect
        .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]"))))
        .toBe(true);
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
      await expect(opener).toBeFocused();
      // Pointer: open, go one view deeper, close with ×.
      await opener.click();
      await modal.getByRole("button", { name: /All wallets/ }).click();
      const list = page.getByRole("dialog", { name: "All wallets" });
      await expect(list.getByRole("region", { name: "Recommended" })).toBeVisible();
      await list.getByRole("button", { name: "Close" }).click();
      await expect(list).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test("a rejected connection: the error note's red text passes axe (≥ 4.5:1)", async ({
      page,
      wallet,
    }) => {
      await wallet.install(page, { rejectConnect: true });
      await gotoApp(page, "/");
      await headerConnect(page).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /Aurum Test Wallet/ })
        .click();
      const modal = page.getByRole("dialog", { name: "Connecting" });
      const title = modal.getByRole("alert").getByText("Connection rejected");
      await expect(title).toBeVisible();
      // The modal's own red (wallet-modal.css), not the theme's 4.29:1 one.
      await expect(title).toHaveCSS("color", "rgb(240, 106, 110)");
      await expectModalAxeClean(page);
    });

    test("a view whose chunk does not arrive: the modal says so, the page stays, a reload brings it", async ({
      page,
      wallet,
    }) => {
      await wallet.install(page);
      // The All wallets view's chunk (recognised by its text) fails until the network "comes back".
      let offline = true;
      let refused = 0;
      await page.route("**/_next/static/chunks/*.js", async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (offline && body.includes("Show more wallets")) {
          refused++;
          return route.abort("internetdisconnected");
        }
        return route.fulfill({ response, body });
      });
      await gotoApp(page, "/");
      await headerConnect(page).click();
      await page.getByRole("dialog").getByRole("button", { name: "All wallets" }).click();
      const modal = page.getByRole("dialog", { name: "All wallets" });
      await expect(modal.getByRole("alert")).toContainText("This step did not load");
      await expect(modal.getByRole("alert")).toContainText("Check your connection, then reload the page.");
      expect(refused).toBeGreaterThan(0);
      // The page under the modal is still the landing page, not the error page.
      await expect(page.getByTestId("landing-block-number")).toBeVisible();
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      await expectModalAxeClean(page);

      offline = false;
      const reloaded = page.waitForEvent("load");
      await modal.getByRole("button", { name: "Reload page" }).click();
      await reloaded;
      await waitForApp(page);
      await headerConnect(page).click();
      await page.getByRole("dialog").getByRole("button", { name: "All wallets" }).click();
      await expect(modal.getByRole("searchbox", { name: "Search wallets" })).toBeVisible();
      await expect(modal.getByRole("alert")).toHaveCount(0);
    });

    test("doctor: a connect request the wallet never shows gets 'open your wallet' after 20 s", async ({
      page,
    }) => {
      await page.addInitScript(silentWallet);
      await page.clock.install();
      await gotoApp(page, "/");
      await headerConnect(page).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /Silent Wallet/ })
        .click();
      const modal = page.getByRole("dialog", { name: "Connecting" });
      await expect(modal.getByText("Continue in Silent Wallet")).toBeVisible();
      const hint = modal.getByTestId("doctor-stuck");
      await page.clock.fastForward("00:19");
      await expect(hint).toBeHidden();
      await page.clock.fastForward("00:02");
      await expect(hint).toContainText("No answer from Silent Wallet yet");
      await expect(hint).toContainText("Open your wallet");
      await expectModalAxeClean(page);

      // Ask again: a second request, and the 20 s start over.
      await hint.getByRole("button", { name: "Ask again" }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __silentRequests: number }).__silentRequests))
        .toBe(2);
      await expect(hint).toBeHidden();
      await page.clock.fastForward("00:21");
      await expect(hint).toBeVisible();
      // Pick another: back to the wallet list.
      await hint.getByRole("button", { name: "Pick another wallet" }).click();
      await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeVisible();
      await expectModalAxeClean(page);
    });
  });
}

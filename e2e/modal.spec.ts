import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { expect, freshAccount, gotoApp, shortAddress, signIn, test } from "./fixtures";

test.describe("wallet modal", () => {
  test("without a wallet it says so and links to installs; Escape closes", async ({ page }) => {
    await gotoApp(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    const modal = page.getByRole("dialog", { name: "Connect a wallet" });
    await expect(modal).toContainText("No wallet found");
    for (const name of ["MetaMask", "Rabby", "Coinbase Wallet"]) {
      await expect(modal.getByRole("link", { name: `Install ${name}` })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
  });

  test("lists the announced wallet; a rejected connection offers retry; back returns to Connect", async ({
    page,
    wallet,
  }) => {
    const w = await wallet.install(page, { account: 7, rejectConnect: true });
    await gotoApp(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    const modal = page.getByRole("dialog");
    const walletButton = modal.getByRole("button", { name: "Aurum Test Wallet" });
    await expect(walletButton.locator("img")).toHaveAttribute("src", /^data:image\/svg\+xml/);
    await walletButton.click();
    await expect(modal.getByRole("alert")).toContainText("Connection rejected");

    await modal.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeVisible();
    await modal.getByRole("button", { name: "Aurum Test Wallet" }).click();
    await expect(modal.getByRole("alert")).toContainText("Connection rejected");
    w.rejectConnect = false;
    await modal.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
  });

  test("closing is disabled while sign-in is required; Cancel disconnects", async ({ page, wallet }) => {
    await wallet.install(page, { account: 8 });
    await gotoApp(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Aurum Test Wallet" }).click();
    const modal = page.getByRole("dialog", { name: "Sign in" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("button", { name: "Close" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    await expect(modal).toBeVisible();

    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toBeHidden();
    // Disconnected: the next open starts at Connect again, and nobody is signed in.
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeVisible();
    expect((await page.request.get("/api/auth/session")).status()).toBe(401);
  });

  test("account view: address, balance, network; back history through SwitchNetwork", async ({
    page,
    wallet,
  }) => {
    const w = await wallet.install(page, { account: 9 });
    await signIn(page);
    await page.getByTestId("account-chip").click();
    const modal = page.getByRole("dialog", { name: "Account" });
    await expect(modal.getByTestId("account-address")).toHaveText(shortAddress(w.address));
    await expect(modal.getByTestId("account-balance")).toHaveText(/^[\d,.]+[KMBT]? AURUM$/);
    await expect(modal).toContainText("Aurum Testnet");

    // The wallet moves to another network: the account view offers the switch (a pushed view).
    await w.walletSwitch(1);
    await expect(modal).toContainText("Chain 1");
    await modal.getByRole("button", { name: "Switch to Aurum Testnet" }).click();
    const sw = page.getByRole("dialog", { name: "Switch network" });
    await expect(sw).toBeVisible();
    await sw.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("dialog", { name: "Account" })).toBeVisible();
    await modal.getByRole("button", { name: "Switch to Aurum Testnet" }).click();
    await sw.getByRole("button", { name: "Switch to Aurum Testnet" }).click();
    await expect(page.getByRole("dialog", { name: "Account" })).toBeVisible();
    expect(w.chainId).toBe(99199);

    // Closing resets to the default view for the state: Account again when reopened.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByTestId("account-chip").click();
    await expect(page.getByRole("dialog", { name: "Account" })).toBeVisible();
  });
});

test("account tabs: tokens with balances, no NFTs tab without collections, activity", async ({
  page,
  wallet,
}) => {
  await wallet.install(page, { privateKey: await freshAccount() });
  await signIn(page);
  await page.getByTestId("account-chip").click();
  const modal = page.getByRole("dialog", { name: "Account" });
  const tabs = modal.getByRole("tablist", { name: "Account" });
  await expect(tabs.getByRole("tab", { name: "Tokens" })).toHaveAttribute("aria-selected", "true");
  // freshAccount() funds 100 native coins and nothing else.
  await expect(modal.getByTestId("balance-AURUM").getByTestId("balance-amount")).toHaveText("100");
  // The testnet has no NFT collection: the tab is not offered at all.
  await expect(tabs.getByRole("tab")).toHaveText(["Tokens", "Activity", "Recent"]);
  await tabs.getByRole("tab", { name: "Activity" }).click();
  // The first history request may compile the route under `next dev`.
  await expect(modal.getByText("No activity yet")).toBeVisible({ timeout: 30_000 });
});

test("switching accounts in the wallet asks the new account to sign in", async ({ page, wallet }) => {
  const w = await wallet.install(page, { account: 2 });
  await signIn(page, { next: "/faq" });
  const first = w.address;
  await w.switchAccount(ANVIL_KEYS[3]);
  const modal = page.getByRole("dialog", { name: "Sign in" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(shortAddress(w.address));
  await expect(modal.getByRole("button", { name: "Close" })).toBeDisabled();
  await modal.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(modal).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId("account-chip")).toContainText(shortAddress(w.address));
  expect(w.address).not.toBe(first);
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session.address.toLowerCase()).toBe(w.address.toLowerCase());
});

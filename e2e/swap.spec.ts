import type { Page } from "@playwright/test";
import { type Address, createWalletClient, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { routerAbi, testTokenAbi } from "../src/chain/generated";
import { expect, signIn, test } from "./fixtures";
import { defaultAnvilUrl } from "./test-wallet/wallet";

/**
 * Swap and liquidity through the real UI with the test wallet (account 8: the modal specs only
 * connect it, so its balances move only here). Tests run in order and share the account.
 */
const ACCOUNT = 8;
const anvilUrl = defaultAnvilUrl();
const deployer = createWalletClient({
  account: privateKeyToAccount(ANVIL_KEYS[0]),
  transport: http(anvilUrl),
});

test.describe.configure({ mode: "serial" });

async function contracts(page: Page) {
  const res = await page.request.get("/api/convert/tokens?chainId=99199");
  const { tokens } = (await res.json()) as { tokens: { symbol: string; address: string }[] };
  const caip = (s: string) => tokens.find((t) => t.symbol === s)!.address;
  const addr = (s: string) => caip(s).split(":")[2] as Address;
  // The allowance endpoint names the spender, i.e. the router.
  const q = new URLSearchParams({ tokenAddress: caip("tUSD"), userAddress: deployer.account.address });
  const { spender } = (await (await page.request.get(`/api/convert/allowance?${q}`)).json()) as {
    spender: Address;
  };
  return { wrapped: addr("WAURUM"), tUSD: addr("tUSD"), tETH: addr("tETH"), router: spender };
}

const balanceOf = (page: Page, box: "swap-from" | "swap-to") => page.getByTestId(`${box}-balance`);

async function chooseToken(page: Page, box: "swap-from" | "swap-to", symbol: string) {
  await page.getByTestId(`${box}-token`).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Search tokens").fill(symbol);
  await dialog
    .getByRole("button", { name: new RegExp(`^${symbol}\\b`) })
    .first()
    .click();
  await expect(page.getByTestId(`${box}-token`)).toContainText(symbol);
}

test("swaps native AURUM → tUSD and both balances change", async ({ page }) => {
  await signIn(page, { account: ACCOUNT, next: "/swap" });
  await expect(balanceOf(page, "swap-from")).toContainText("Balance", { timeout: 30_000 });
  const beforeFrom = await balanceOf(page, "swap-from").textContent();
  const beforeTo = await balanceOf(page, "swap-to").textContent();
  await page.getByTestId("swap-from-amount").fill("5");
  await expect(page.getByTestId("swap-details")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("swap-route")).toContainText("AURUM");
  await expect(page.getByTestId("minimum-received")).toContainText("tUSD");
  await page.getByTestId("swap-submit").click();
  await expect(page.getByText(/^Swap 5 AURUM for .* tUSD: confirmed$/)).toBeVisible({ timeout: 30_000 });
  await expect(balanceOf(page, "swap-from")).not.toHaveText(beforeFrom ?? "", { timeout: 20_000 });
  await expect(balanceOf(page, "swap-to")).not.toHaveText(beforeTo ?? "", { timeout: 20_000 });
  await expect(page.getByTestId("swap-from-amount")).toHaveValue("");
});

test("exact-out: buys exactly the typed tETH amount", async ({ page }) => {
  await signIn(page, { account: ACCOUNT, next: "/swap" });
  await chooseToken(page, "swap-to", "tETH");
  await expect(balanceOf(page, "swap-to")).toContainText("Balance", { timeout: 30_000 });
  const before = Number((await balanceOf(page, "swap-to").textContent())!.replace(/[^\d.]/g, ""));
  await page.getByTestId("swap-to-amount").fill("0.0025");
  await expect(page.getByTestId("maximum-sold")).toContainText("AURUM", { timeout: 30_000 });
  await expect(page.getByTestId("swap-from-amount")).not.toHaveValue("");
  await page.getByTestId("swap-submit").click();
  await expect(page.getByText(/^Swap .* AURUM for 0\.0025 tETH: confirmed$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(async () => Number((await balanceOf(page, "swap-to").textContent())!.replace(/[^\d.]/g, "")), {
      timeout: 20_000,
    })
    .toBeCloseTo(before + 0.0025, 6);
});

test("bad amounts show inline messages and disable the swap", async ({ page }) => {
  await signIn(page, { account: ACCOUNT, next: "/swap" });
  const input = page.getByTestId("swap-from-amount");
  const error = page.getByTestId("swap-from-error");
  const submit = page.getByTestId("swap-submit");
  await input.fill("0");
  await expect(error).toHaveText("Amount must be greater than 0");
  await expect(submit).toBeDisabled();
  await input.fill("-1");
  await expect(error).toHaveText("Amount must be greater than 0");
  await input.fill("abc");
  await expect(error).toHaveText("This field can only contain numbers");
  await input.fill("");
  await expect(error).toHaveText("This field is required");
  await input.fill("99999999");
  await expect(error).toHaveText("Insufficient AURUM balance");
  await expect(submit).toBeDisabled();
  await chooseToken(page, "swap-from", "tUSD");
  await input.fill("1.1234567");
  await expect(error).toHaveText("Use at most 6 decimals for this token");
  await expect(submit).toBeDisabled();
});

test("adds and removes liquidity with exact approvals", async ({ page }) => {
  const wallet = await signIn(page, { account: ACCOUNT, next: "/swap" });
  const c = await contracts(page);
  // Setup outside the UI: the deployer owns the test tokens and mints this account some tUSD.
  await deployer.writeContract({
    chain: null,
    address: c.tUSD,
    abi: testTokenAbi,
    functionName: "mint",
    args: [wallet.address, parseUnits("100", 6)],
  });
  await page.reload();
  const add = page.getByTestId("add-liquidity");
  await expect(add).toContainText("Balance", { timeout: 30_000 });
  await add.getByTestId("liquidity-a").fill("1");
  await expect(add.getByTestId("liquidity-b")).not.toHaveValue("");
  await page.getByTestId("add-liquidity-submit").click();
  await expect(page.getByText(/^Add 1 AURUM \+ .* tUSD: confirmed$/)).toBeVisible({ timeout: 40_000 });
  const position = page.getByTestId("position-WAURUM/tUSD");
  await expect(position).toContainText("AURUM/tUSD", { timeout: 20_000 });
  await expect(position).toContainText("% of pool");

  await page.getByRole("tab", { name: "Remove" }).click();
  await page.getByTestId("remove-percent").fill("100");
  await page.getByTestId("remove-liquidity-submit").click();
  await expect(page.getByText(/^Remove .* AURUM \+ .* tUSD: confirmed$/)).toBeVisible({ timeout: 40_000 });
  await expect(position).toBeHidden({ timeout: 20_000 });
});

test("a swap that would exceed the slippage tolerance shows the slippage message", async ({ page }) => {
  await signIn(page, { account: ACCOUNT, next: "/swap" });
  const c = await contracts(page);
  await page.getByTestId("swap-settings-toggle").click();
  await page.getByTestId("slippage-input").fill("0.1");
  await page.getByTestId("swap-from-amount").fill("20");
  await expect(page.getByTestId("minimum-received")).toBeVisible({ timeout: 30_000 });
  // Someone else trades first and moves the price by far more than 0.1 %.
  // Sell AURUM into every pool that prices it, so whichever route the quote took (direct or
  // through tETH) now pays less.
  for (const path of [
    [c.wrapped, c.tUSD],
    [c.wrapped, c.tETH],
  ]) {
    await deployer.writeContract({
      chain: null,
      address: c.router,
      abi: routerAbi,
      functionName: "swapExactETHForTokens",
      // No deadline to speak of: specs in the other worker move the chain's clock (evm_increaseTime),
      // so a deadline taken from a block read here could already have passed when this trade mines.
      args: [0n, path, deployer.account.address, 2n ** 64n],
      value: parseUnits("5000", 18),
    });
  }
  await page.getByTestId("swap-submit").click();
  await expect(page.getByTestId("swap-error")).toHaveText("Price moved beyond your slippage tolerance", {
    timeout: 20_000,
  });
});

import type { Locator, Page } from "@playwright/test";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { loadDeployment } from "../src/chain/deployment";
import { paddedGasTransport } from "../src/chain/gas-margin";
import { stakingRewardsAbi, wrappedNativeAbi } from "../src/chain/generated";
import { formatTokenAmount } from "../src/lib/format";
import { expect, freshAccount, signIn, test } from "./fixtures";
import { defaultAnvilUrl } from "./test-wallet/wallet";

/**
 * Staking through the real UI with the test wallet, at 390 px and 1280 px, each with a fresh account
 * (so the amounts are this test's own). Chain time is moved with evm_increaseTime and deliberately
 * NOT mined: the latest block goes stale, as on any chain that mines on demand, which is what made
 * the old Earned counter run backwards and disagree with what a claim paid.
 */
const ACCOUNT = 7;
const anvilUrl = defaultAnvilUrl();
const chain = createPublicClient({ transport: http(anvilUrl) });

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

async function rpc(method: string, params: unknown[] = []) {
  const res = await fetch(anvilUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

/** The number in a readable amount ("1,234.5 tUSD" → 1234.5; "< 0.000001" → 0.000001). */
const amountOf = async (scope: Locator, testId: string) =>
  Number(((await scope.getByTestId(testId).textContent()) ?? "").replace(/[^\d.]/g, "") || "0");

const tokenBalance = (token: Address, owner: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

/**
 * Stake `amount` more for the same account outside this page (as another tab would): the page's
 * stake is then stale until its next read, which Exit must not rely on.
 */
async function stakeElsewhere(key: Hex, pool: Address, token: Address, amount: bigint) {
  const client = createWalletClient({
    account: privateKeyToAccount(key),
    transport: paddedGasTransport(anvilUrl),
  });
  // Polled fast so the page is still showing its older read when Exit is confirmed (it reads every 10 s).
  const fast = createPublicClient({ transport: http(anvilUrl), pollingInterval: 50 });
  const mined = async (hash: Hex) => {
    const r = await fast.waitForTransactionReceipt({ hash });
    expect(r.status).toBe("success");
  };
  const base = { chain: null } as const;
  await mined(
    await client.writeContract({
      ...base,
      address: token,
      abi: wrappedNativeAbi,
      functionName: "deposit",
      value: amount,
    }),
  );
  await mined(
    await client.writeContract({
      ...base,
      address: token,
      abi: erc20Abi,
      functionName: "approve",
      args: [pool, amount],
    }),
  );
  await mined(
    await client.writeContract({
      ...base,
      address: pool,
      abi: stakingRewardsAbi,
      functionName: "stake",
      args: [amount],
    }),
  );
}

/** Earned sampled every 500 ms across more than one refetch (the pool is read every 10 s). */
async function sampleEarned(pool: Locator, count: number) {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    samples.push(await amountOf(pool, "stake-earned"));
    await pool.page().waitForTimeout(500);
  }
  return samples;
}

async function closeToasts(page: Page) {
  const close = page.locator(".Toastify__close-button");
  for (let i = 0; i < 10 && (await close.count()) > 0; i++) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined); // it may be closing already
  }
}

async function openStake(page: Page) {
  const pool = page.getByTestId("stake-pool-WAURUM");
  await expect(pool.getByTestId("stake-countdown")).toContainText(/\d+d \d+h/, { timeout: 30_000 });
  await expect(pool.getByText(/Wallet [\d,.]+[KMBT]? AURUM/)).toBeVisible({ timeout: 30_000 });
  return pool;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`stake AURUM, Earned only rises, claim states what was paid, unstake and exit unwrap to AURUM (${viewport.width} px)`, async ({
    browser,
    wallet,
  }, testInfo) => {
    const d = loadDeployment(99199, process.env.E2E_DEPLOYMENTS_DIR);
    const tUSD = d.contracts.tUSD.address;
    const WAURUM = d.contracts.wrappedNative.address;
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const key = await freshAccount({ native: "100" });
    const w = await wallet.install(page, { privateKey: key });
    const me = w.address as Address;
    await signIn(page, { next: "/stake" });
    const pool = await openStake(page);

    // Labels: the input is named by its field, Max by what it fills in (its visible text first).
    await expect(pool.getByRole("textbox", { name: "Amount to stake" })).toBeVisible();
    await expect(pool.getByRole("button", { name: "Max AURUM to stake" })).toHaveText("Max");

    // The whole balance (100) leaves nothing for the wrap's and the stake's network fees: the form
    // says so before the wallet is asked for anything.
    await pool.getByTestId("stake-amount").fill("100");
    await expect(pool.getByTestId("stake-amount-error")).toHaveText(
      "Insufficient AURUM balance: keep about 0.01 AURUM for the network fee",
    );
    await expect(pool.getByTestId("stake-submit")).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath(`stake-fee-reserve-${viewport.width}.png`) });

    await pool.getByTestId("stake-amount").fill("10");
    await pool.getByTestId("stake-submit").click();
    const stepper = pool.getByTestId("stake-stepper");
    await expect(stepper.getByRole("listitem")).toHaveCount(3);
    await expect(stepper).toContainText("Wrap 10 AURUM into WAURUM");
    await expect(stepper).toContainText("Approve 10 WAURUM");
    await expect(stepper).toContainText("Stake 10 WAURUM");
    await expect(stepper.locator('[data-status="done"]')).toHaveCount(3, { timeout: 60_000 });
    await expect(pool.getByTestId("stake-staked")).toHaveText("10 WAURUM", { timeout: 20_000 });

    // Readable numbers and no dollars anywhere on the page.
    await expect(pool.getByTestId("stake-apr")).toHaveText(/^APR (> 10,000%|[\d,.]+%)$/, { timeout: 20_000 });
    await expect(page.getByRole("main")).not.toContainText("$");

    // A quarter of an hour passes on chain without a block: the counter follows the chain's clock
    // anyway, and never goes down — not even when a refetch returns the same stale block. Every jump
    // stays under the swap's 20-minute deadline (taken from chain time): a swap another worker's
    // spec has in flight must not expire because this spec moved the clock.
    await rpc("evm_increaseTime", [900]);
    await expect.poll(() => amountOf(pool, "stake-earned"), { timeout: 30_000 }).toBeGreaterThan(0);
    const samples = await sampleEarned(pool, 26);
    for (let i = 1; i < samples.length; i++) expect(samples[i]).toBeGreaterThanOrEqual(samples[i - 1] ?? 0);
    expect(samples.at(-1)).toBeGreaterThan(samples[0] ?? 0);

    // Claim: the toast states what the receipt paid, which is what the counter showed (± the
    // seconds between reading it and the claim's block), and Earned starts again from zero.
    const shownBefore = await amountOf(pool, "stake-earned");
    const before = await tokenBalance(tUSD, me);
    await pool.getByTestId("stake-claim").click();
    const toast = page.getByText(/^Claimed [\d,.]+ tUSD$/);
    await expect(toast).toBeVisible({ timeout: 30_000 });
    const paid = (await tokenBalance(tUSD, me)) - before;
    expect(paid).toBeGreaterThan(0n);
    await expect(toast).toHaveText(`Claimed ${formatTokenAmount(paid, 6, { symbol: "tUSD" })}`);
    const claimed = Number(paid) / 1e6;
    // Other browser tests stake into the same pool in parallel: a stake landing between the read and
    // the claim lowers this account's share, so the paid amount may fall a little short of the
    // interpolation (which can only know the last read's total supply).
    expect(shownBefore).toBeLessThanOrEqual(claimed * 1.02);
    expect(shownBefore).toBeGreaterThan(claimed * 0.95);
    await expect.poll(() => amountOf(pool, "stake-earned"), { timeout: 20_000 }).toBeLessThan(claimed / 100);

    // Unstake 4 with "Unwrap to AURUM" (on by default): AURUM rises by 4 (less the network fees),
    // WAURUM stays where it was.
    await pool.getByRole("tab", { name: "Unstake" }).click();
    await expect(pool.getByRole("checkbox", { name: "Unwrap to AURUM" })).toBeChecked();
    await expect(pool.getByRole("button", { name: "All of your staked WAURUM" })).toHaveText("All");
    await pool.getByTestId("unstake-amount").fill("99999");
    await expect(pool.getByText("You cannot unstake more than you have staked")).toBeVisible();
    await expect(pool.getByTestId("unstake-submit")).toBeDisabled();
    await pool.getByTestId("unstake-amount").fill("4");
    await expect(pool.getByTestId("unstake-receive")).toHaveText("You will receive 4 AURUM");
    const nativeBefore = await chain.getBalance({ address: me });
    const wrappedBefore = await tokenBalance(WAURUM, me);
    await pool.getByTestId("unstake-submit").click();
    const unstepper = pool.getByTestId("unstake-stepper");
    await expect(unstepper).toContainText("Unstake 4 WAURUM");
    await expect(unstepper).toContainText("Unwrap 4 WAURUM into AURUM");
    await expect(unstepper.locator('[data-status="done"]')).toHaveCount(2, { timeout: 60_000 });
    const gained = (await chain.getBalance({ address: me })) - nativeBefore;
    expect(gained).toBeLessThanOrEqual(parseEther("4"));
    expect(gained).toBeGreaterThan(parseEther("4") - parseEther("0.01"));
    expect(await tokenBalance(WAURUM, me)).toBe(wrappedBefore);
    await expect(pool.getByTestId("stake-staked")).toHaveText("6 WAURUM", { timeout: 20_000 });

    // Exit: everything unstaked and claimed in one transaction, then unwrapped (on by default).
    // The confirmation says what arrives before the wallet opens; the toast states the rewards the
    // receipt paid. The confirmations' toasts can sit over the buttons at 1280 px: close them, and
    // press from the keyboard.
    await rpc("evm_increaseTime", [600]);
    await closeToasts(page);
    await pool.getByTestId("stake-exit").focus();
    await page.keyboard.press("Enter");
    const panel = pool.getByTestId("exit-panel");
    await expect(pool.getByTestId("stake-exit")).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("checkbox", { name: "Unwrap to AURUM" })).toBeChecked();
    await expect(panel.getByTestId("exit-receive")).toHaveText(
      /^You will receive 6 AURUM \+ the rewards ≈ [\d,.]+ tUSD$/,
    );
    await expect(panel.getByTestId("exit-confirm")).toHaveText("Exit and unwrap");
    await expect(pool.getByTestId("stake-claim")).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath(`exit-panel-${viewport.width}.png`), fullPage: true });
    // Cancel closes it and gives focus back to Exit; Enter opens it again.
    await panel.getByRole("button", { name: "Cancel" }).focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeHidden();
    await expect(pool.getByTestId("stake-exit")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(panel.getByTestId("exit-confirm")).toBeVisible();
    // Another tab stakes 1 more after the page read the stake: Exit reads it again before planning,
    // so the unwrap is for all 7 (an unwrap of the shown 6 would leave 1 WAURUM; a smaller stake
    // than shown would make it revert).
    await stakeElsewhere(key, d.contracts.stakingWAURUM.address, WAURUM, parseEther("1"));
    const exitNativeBefore = await chain.getBalance({ address: me });
    const exitWrappedBefore = await tokenBalance(WAURUM, me);
    const exitUsdBefore = await tokenBalance(tUSD, me);
    await panel.getByTestId("exit-confirm").focus();
    await page.keyboard.press("Enter");
    const exitStepper = panel.getByTestId("exit-stepper");
    await expect(exitStepper).toContainText("Unstake all 7 WAURUM and claim tUSD");
    await expect(exitStepper).toContainText("Unwrap 7 WAURUM into AURUM");
    const exitToast = page.getByText(/^Unstaked 7 WAURUM and claimed [\d,.]+ tUSD$/);
    await expect(exitToast).toBeVisible({ timeout: 60_000 });
    // The panel closes once both steps confirmed.
    await expect(panel).toBeHidden({ timeout: 60_000 });
    const rewards = (await tokenBalance(tUSD, me)) - exitUsdBefore;
    expect(rewards).toBeGreaterThan(0n);
    await expect(exitToast).toHaveText(
      `Unstaked 7 WAURUM and claimed ${formatTokenAmount(rewards, 6, { symbol: "tUSD" })}`,
    );
    const exitGained = (await chain.getBalance({ address: me })) - exitNativeBefore;
    expect(exitGained).toBeLessThanOrEqual(parseEther("7"));
    expect(exitGained).toBeGreaterThan(parseEther("7") - parseEther("0.01"));
    expect(await tokenBalance(WAURUM, me)).toBe(exitWrappedBefore);
    await expect(pool.getByTestId("stake-staked")).toHaveText("0 WAURUM", { timeout: 20_000 });
    await expect.poll(() => amountOf(pool, "stake-earned"), { timeout: 20_000 }).toBe(0);
    await expect(pool.getByTestId("stake-exit")).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath(`exit-done-${viewport.width}.png`), fullPage: true });
    await context.close();
  });
}

test("stake amounts are validated inline", async ({ page }) => {
  await signIn(page, { account: ACCOUNT, next: "/stake" });
  const pool = await openStake(page);
  const input = pool.getByTestId("stake-amount");
  await input.fill("0");
  await expect(pool.getByTestId("stake-amount-error")).toHaveText("Amount must be greater than 0");
  await input.fill("1.0000000000000000001");
  await expect(pool.getByTestId("stake-amount-error")).toHaveText("Use at most 18 decimals for this token");
  await input.fill("99999999");
  await expect(pool.getByTestId("stake-amount-error")).toHaveText("Insufficient AURUM balance");
  await expect(pool.getByTestId("stake-submit")).toBeDisabled();
});

import type { Locator } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/**
 * Staking through the real UI with the test wallet (account 7: the modal specs only try to connect
 * it). Chain time is advanced with evm_increaseTime + evm_mine on the e2e Anvil.
 */
const ACCOUNT = 7;
const anvilUrl = process.env.E2E_ANVIL_URL ?? `http://127.0.0.1:${process.env.E2E_ANVIL_PORT ?? 8645}`;

test.describe.configure({ mode: "serial" });

async function rpc(method: string, params: unknown[] = []) {
  const res = await fetch(anvilUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

const amountOf = async (scope: Locator, testId: string) =>
  Number(((await scope.getByTestId(testId).textContent()) ?? "").replace(/[^\d.]/g, "") || "0");

test("stake native AURUM (wrap → approve → stake), earn, claim, unstake, exit", async ({ page }) => {
  await signIn(page, { account: ACCOUNT, next: "/stake" });
  const pool = page.getByTestId("stake-pool-WAURUM");
  await expect(pool.getByTestId("stake-countdown")).toContainText(/\d+d \d+h/, { timeout: 30_000 });
  await expect(pool.getByText(/Wallet [\d,.]+ AURUM/)).toBeVisible({ timeout: 20_000 });
  const stakedBefore = await amountOf(pool, "stake-staked");

  await pool.getByTestId("stake-amount").fill("10");
  await pool.getByTestId("stake-submit").click();
  const stepper = pool.getByTestId("stake-stepper");
  await expect(stepper.getByRole("listitem")).toHaveCount(3);
  await expect(stepper).toContainText("Wrap 10 AURUM into WAURUM");
  await expect(stepper).toContainText("Approve 10 WAURUM");
  await expect(stepper).toContainText("Stake 10 WAURUM");
  await expect(stepper.locator('[data-status="done"]')).toHaveCount(3, { timeout: 60_000 });
  await expect
    .poll(() => amountOf(pool, "stake-staked"), { timeout: 20_000 })
    .toBeCloseTo(stakedBefore + 10, 6);
  await expect(pool.getByTestId("stake-apr")).toContainText("%");

  // An hour passes on chain; the next read shows rewards, and the counter keeps ticking.
  await rpc("evm_increaseTime", [3600]);
  await rpc("evm_mine");
  await expect.poll(() => amountOf(pool, "stake-earned"), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await amountOf(pool, "stake-earned");
  await expect.poll(() => amountOf(pool, "stake-earned"), { timeout: 10_000 }).toBeGreaterThan(first);

  await pool.getByTestId("stake-claim").click();
  await expect(page.getByText(/^Claim tUSD rewards: confirmed$/)).toBeVisible({ timeout: 30_000 });

  await pool.getByRole("tab", { name: "Unstake" }).click();
  await pool.getByTestId("unstake-amount").fill("99999");
  await expect(pool.getByText("You cannot unstake more than you have staked")).toBeVisible();
  await expect(pool.getByTestId("unstake-submit")).toBeDisabled();
  await pool.getByTestId("unstake-amount").fill("4");
  await pool.getByTestId("unstake-submit").click();
  await expect(page.getByText(/^Unstake 4 WAURUM: confirmed$/)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => amountOf(pool, "stake-staked"), { timeout: 20_000 })
    .toBeCloseTo(stakedBefore + 6, 6);

  await pool.getByTestId("stake-exit").click();
  await expect(page.getByText(/^Unstake all WAURUM and claim: confirmed$/)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => amountOf(pool, "stake-staked"), { timeout: 20_000 }).toBe(0);
});

test("stake amounts are validated inline", async ({ page }) => {
  await signIn(page, { account: ACCOUNT, next: "/stake" });
  const pool = page.getByTestId("stake-pool-WAURUM");
  await expect(pool.getByText(/Wallet [\d,.]+ AURUM/)).toBeVisible({ timeout: 30_000 });
  const input = pool.getByTestId("stake-amount");
  await input.fill("0");
  await expect(pool.getByTestId("stake-amount-error")).toHaveText("Amount must be greater than 0");
  await input.fill("1.0000000000000000001");
  await expect(pool.getByTestId("stake-amount-error")).toHaveText("Use at most 18 decimals for this token");
  await input.fill("99999999");
  await expect(pool.getByTestId("stake-amount-error")).toHaveText("Insufficient AURUM balance");
  await expect(pool.getByTestId("stake-submit")).toBeDisabled();
});

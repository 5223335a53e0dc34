import fs from "node:fs";
import path from "node:path";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { paddedGasTransport } from "../src/chain/gas-margin";
import { routerAbi, testTokenAbi, wrappedNativeAbi } from "../src/chain/generated";
import { expectAxeClean } from "./axe";
import { expect, freshAccount, signIn, test } from "./fixtures";
import { defaultAnvilUrl } from "./test-wallet/wallet";

// Issue 18, items 4, 7 and 10 through the real UI with the test wallet, at 390 and 1280 px: the
// send review (fee, total), the burn warning that blocks until acknowledged, the checksum-typo
// message, activity that reads "Swapped … → …" and "Wrapped …", and no "$" anywhere on /wallet.
// Each run uses a fresh account, so it never depends on another spec's balances.

const anvilUrl = defaultAnvilUrl();
const chain = createPublicClient({ transport: http(anvilUrl) });
/** Where screenshots go for a design look (SHOTS=dir); test-results by default. */
const shots = process.env.WALLET_SHOTS ?? "test-results";

function deployment() {
  const dir = process.env.E2E_DEPLOYMENTS_DIR!;
  return JSON.parse(fs.readFileSync(path.join(dir, "99199.json"), "utf8")) as {
    contracts: Record<"router" | "wrappedNative" | "tUSD", { address: Address }>;
  };
}

/** A swap AURUM → tUSD, the swap back tUSD → AURUM (exact approval) and a wrap, signed by `key`. */
async function swapAndWrap(key: Hex) {
  const c = deployment().contracts;
  const w = createWalletClient({
    account: privateKeyToAccount(key),
    transport: paddedGasTransport(anvilUrl),
  });
  const me = w.account.address;
  const wait = async (p: Promise<Hex>) => {
    const r = await chain.waitForTransactionReceipt({ hash: await p });
    expect(r.status).toBe("success");
  };
  // The chain's clock, not the wall clock: other specs move it forward (evm_increaseTime).
  const deadline = (await chain.getBlock()).timestamp + 3600n;
  await wait(
    w.writeContract({
      chain: null,
      address: c.router.address,
      abi: routerAbi,
      functionName: "swapExactETHForTokens",
      args: [0n, [c.wrappedNative.address, c.tUSD.address], me, deadline],
      value: parseEther("2"),
    }),
  );
  const tusd = await chain.readContract({
    address: c.tUSD.address,
    abi: testTokenAbi,
    functionName: "balanceOf",
    args: [me],
  });
  const half = tusd / 2n;
  await wait(
    w.writeContract({
      chain: null,
      address: c.tUSD.address,
      abi: testTokenAbi,
      functionName: "approve",
      args: [c.router.address, half],
    }),
  );
  await wait(
    w.writeContract({
      chain: null,
      address: c.router.address,
      abi: routerAbi,
      functionName: "swapExactTokensForETH",
      args: [half, 0n, [c.tUSD.address, c.wrappedNative.address], me, deadline],
    }),
  );
  await wait(
    w.writeContract({
      chain: null,
      address: c.wrappedNative.address,
      abi: wrappedNativeAbi,
      functionName: "deposit",
      value: parseEther("1"),
    }),
  );
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`send review, burn warning, checksum typo and decoded activity at ${viewport.width} px`, async ({
    page,
    wallet,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const key = await freshAccount();
    await wallet.install(page, { privateKey: key });
    await signIn(page, { next: "/wallet" });
    await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
    await expect(page.getByTestId("balance-AURUM").getByTestId("balance-amount")).toHaveText("100", {
      timeout: 30_000,
    });

    // A checksum typo: the seed's message and the capitalisation hint, no review.
    const good = deployment().contracts.router.address;
    const typo = good.replace(/[A-F]/, (ch) => ch.toLowerCase());
    await page.getByTestId("send-amount").fill("1");
    await page.getByTestId("send-receiver").fill(typo);
    await page.getByTestId("send-submit").click();
    await expect(
      page.getByText(`Address "${typo}" is invalid. The capitalisation doesn't match — check the address.`),
    ).toBeVisible();
    await expect(page.getByTestId("send-review")).toHaveCount(0);

    // The zero address: review with the fee, and a burn warning that blocks until acknowledged.
    await page.getByTestId("send-receiver").fill(zeroAddress);
    await page.getByTestId("send-submit").click();
    const review = page.getByTestId("send-review");
    await expect(review).toBeVisible();
    await expect(page.getByTestId("review-amount")).toContainText("1 AURUM");
    await expect(page.getByTestId("review-fee")).toContainText(/≈ [\d.,<\s]+ AURUM/, { timeout: 20_000 });
    await expect(page.getByTestId("review-total")).toHaveText(/^≈ 1(\.\d+)? AURUM$/);
    const warning = page.getByTestId("send-warning");
    await expect(warning).toHaveAttribute("data-risk", "burn");
    await expect(warning).toContainText("This is a burn address");
    const sentBefore = (wallet.of(page)?.methods() ?? []).filter((m) => m === "eth_sendTransaction").length;
    await page.getByTestId("send-confirm").click();
    await expect(review.getByRole("alert")).toContainText("Tick the box");
    await expect(page.getByTestId("send-ack")).toBeFocused();
    expect((wallet.of(page)?.methods() ?? []).filter((m) => m === "eth_sendTransaction").length).toBe(
      sentBefore,
    );
    await expectAxeClean(page);
    await page.screenshot({ path: `${shots}/wallet-burn-warning-${viewport.width}.png`, fullPage: true });

    // Back keeps the values; a contract of ours gets the contract warning by name.
    await page.getByTestId("send-back").click();
    await expect(page.getByTestId("send-amount")).toHaveValue("1");
    await page.getByTestId("send-receiver").fill(good);
    await page.getByTestId("send-submit").click();
    await expect(page.getByTestId("send-warning")).toHaveAttribute("data-risk", "contract");
    await expect(page.getByTestId("send-warning")).toContainText("swap router");
    await page.getByTestId("send-back").click();

    // Acknowledged, the burn goes through the wallet.
    await page.getByTestId("send-receiver").fill(zeroAddress);
    await page.getByTestId("send-submit").click();
    await page.getByTestId("send-ack").check();
    await page.getByTestId("send-confirm").click();
    await expect(page.getByText("Sent 1 AURUM").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("send-form")).toBeVisible();

    // Swaps and a wrap read as what they were.
    await swapAndWrap(key);
    const rows = page.getByTestId("activity-row");
    await expect(rows.filter({ hasText: /Wrapped 1 AURUM → 1 WAURUM/ }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(rows.filter({ hasText: /Swapped [\d.,]+ tUSD → [\d.,]+ AURUM/ }).first()).toBeVisible();
    await expect(rows.filter({ hasText: /Swapped 2 AURUM → [\d.,]+ tUSD/ }).first()).toBeVisible();
    await expect(rows.filter({ hasText: "Sent 1 AURUM" }).first()).toBeVisible();
    await expect(page.getByText(/Sent to 0x/)).toHaveCount(0);

    // Values in tUSD, never dollars.
    await expect(page.getByTestId("balance-total")).toContainText(/≈ [\d.,]+ tUSD/);
    await expect(page.locator("main")).not.toContainText("$");
    await expectAxeClean(page);
    await page.screenshot({ path: `${shots}/wallet-activity-${viewport.width}.png`, fullPage: true });

    // The review of a plain send, for a look at it.
    await page.getByTestId("send-amount").fill("0.5");
    await page.getByTestId("send-receiver").fill(privateKeyToAccount(await freshAccount()).address);
    await page.getByTestId("send-submit").click();
    await expect(page.getByTestId("review-fee")).toContainText("AURUM", { timeout: 20_000 });
    await expect(page.getByTestId("send-warning")).toHaveCount(0);
    await expectAxeClean(page);
    await page
      .getByTestId("send-review")
      .screenshot({ path: `${shots}/wallet-review-${viewport.width}.png` });
  });
}

import { type Address, createPublicClient, createWalletClient, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { testTokenAbi } from "../src/chain/generated";
import { expect, signIn, test } from "./fixtures";
import { defaultAnvilUrl } from "./test-wallet/wallet";

/**
 * The wallet page through the real UI with the test wallet. Sender: account 6, receiver: account 7
 * (the auth and modal specs only try to connect those, so their tokens move only here).
 */
const SENDER = 6;
const RECEIVER = 7;
const anvilUrl = defaultAnvilUrl();
const deployer = createWalletClient({
  account: privateKeyToAccount(ANVIL_KEYS[0]),
  transport: http(anvilUrl),
});
const chain = createPublicClient({ transport: http(anvilUrl) });
const receiver = privateKeyToAccount(ANVIL_KEYS[RECEIVER]).address;
const sender = privateKeyToAccount(ANVIL_KEYS[SENDER]).address;

test.describe.configure({ mode: "serial" });
// The first visit compiles every page under `next dev` (E2E_DEV=1); the production build is much faster.
test.setTimeout(180_000);

test("send tUSD to another address: both activities show it", async ({ page, browser }) => {
  // The deployer owns the test tokens: give the sender 50 tUSD to move.
  const res = await page.request.get("/api/convert/tokens?chainId=99199");
  const { tokens } = (await res.json()) as { tokens: { symbol: string; address: string }[] };
  const tUSD = tokens.find((t) => t.symbol === "tUSD")!.address.split(":")[2] as Address;
  const mint = await deployer.writeContract({
    chain: null,
    address: tUSD,
    abi: testTokenAbi,
    functionName: "mint",
    args: [sender, parseUnits("50", 6)],
  });
  await chain.waitForTransactionReceipt({ hash: mint });

  await signIn(page, { account: SENDER, next: "/wallet" });
  await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
  await expect(page.getByTestId("balance-tUSD").getByTestId("balance-amount")).toHaveText(/[1-9]/, {
    timeout: 30_000,
  });

  // Validation happens before the wallet opens.
  await page.getByTestId("send-token").selectOption({ label: "tUSD — Test USD" });
  await page.getByTestId("send-submit").click();
  await expect(page.getByText("An amount and receiver address are required")).toBeVisible();
  await page.getByTestId("send-amount").fill("12.5");
  await page.getByTestId("send-receiver").fill("0x1234");
  await page.getByTestId("send-submit").click();
  await expect(page.getByText('Address "0x1234" is invalid.')).toBeVisible();
  await page.getByTestId("send-amount").fill("1000000");
  await page.getByTestId("send-receiver").fill(receiver);
  await page.getByTestId("send-submit").click();
  await expect(page.getByText("Amount exceeds your tUSD balance")).toBeVisible();

  await page.getByTestId("send-amount").fill("12.5");
  await page.getByTestId("send-submit").click();
  // The review names exactly what the wallet will be asked for; a person's account has no warning.
  await expect(page.getByTestId("review-amount")).toContainText("12.5 tUSD");
  await expect(page.getByTestId("review-to")).toContainText(receiver);
  await expect(page.getByTestId("review-fee")).toContainText(/≈ .* AURUM/, { timeout: 20_000 });
  await expect(page.getByTestId("review-total")).toContainText("12.5 tUSD + ");
  await expect(page.getByTestId("send-warning")).toHaveCount(0);
  await page.getByTestId("send-confirm").click();
  await expect(page.getByText(/Sent 12\.5 tUSD/).first()).toBeVisible({ timeout: 30_000 });

  const sent = page.getByTestId("activity-row").filter({ hasText: "Sent 12.5 tUSD" });
  await expect(sent.first()).toBeVisible({ timeout: 30_000 });
  await expect(sent.first()).toContainText("−12.5 tUSD");
  const explorerHref = await sent
    .first()
    .getByRole("link", { name: /View transaction/ })
    .getAttribute("href");
  expect(explorerHref).toMatch(/\/explorer\/tx\/0x[0-9a-f]{64}$/);

  // The receiver sees it too, in their own session.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, { account: RECEIVER, next: "/wallet" });
  const received = otherPage
    .getByTestId("activity-row")
    .filter({ hasText: "Received 12.5 tUSD" })
    .filter({ hasText: "+12.5 tUSD" });
  await expect(received.first()).toBeVisible({ timeout: 30_000 });
  await other.close();

  // The built-in explorer shows the transfer publicly.
  await page.goto(new URL(explorerHref!).pathname);
  await expect(page.getByTestId("tx-events")).toContainText("Token transfer");
  await expect(page.getByTestId("tx-events")).toContainText("12.5 tUSD");
});

test("receive shows the address and a QR code", async ({ page }) => {
  await signIn(page, { account: SENDER, next: "/wallet" });
  await expect(page.getByTestId("receive-address")).toHaveText(sender);
  const qr = page.getByTestId("receive-qr");
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
});

test("explorer: a bad hash is a 404 that says why", async ({ page }) => {
  const res = await page.goto("/explorer/tx/0x1234");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText(
    '"0x1234" is not a transaction hash (0x followed by 64 hex characters).',
  );
});

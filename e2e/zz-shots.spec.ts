import { gotoApp, signIn, test } from "./fixtures";

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

for (const width of [1280, 390]) {
  test(`shots ${width}`, async ({ page, wallet }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await wallet.install(page, { account: 5 });
    await gotoApp(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/connect-${width}.png` });
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /All wallets/ })
      .click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/shots/all-${width}.png` });
    await page.getByRole("dialog").getByRole("button", { name: "Rabby Wallet" }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/open-${width}.png` });
    await page.keyboard.press("Escape");
    await signIn(page);
    await page.getByTestId("account-chip").click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Receive/ })
      .click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/account-${width}.png` });
    await page.getByRole("dialog").getByRole("button", { name: "Your wallets" }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/wallets-${width}.png` });
  });
}

test("shots phone", async ({ browser }) => {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: IPHONE_UA,
    isMobile: true,
    hasTouch: true,
  });
  const page = await ctx.newPage();
  await page.route("https://metamask.app.link/**", (r) => r.fulfill({ status: 204 }));
  await gotoApp(page, "/");
  await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: "/tmp/shots/phone-all.png" });
  await page.getByRole("dialog").getByRole("link", { name: "MetaMask" }).click();
  await page.waitForTimeout(5500);
  await page.screenshot({ path: "/tmp/shots/phone-stuck.png" });
  await ctx.close();
});

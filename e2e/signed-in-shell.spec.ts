import { expectAxeClean } from "./axe";
import { expect, freshAccount, shortAddress, signIn, test, waitForApp } from "./fixtures";
import { pageProblems, servedHtmlPage } from "./page-problems";

/**
 * Signed-in shells (docs/ARCHITECTURE.md, "Rendering and CSP"): a signed-in load of /swap, /stake or
 * / is the page's shared shell plus this visitor's session block; the header's chip is a placeholder
 * in the HTML and shows the account right after hydration, without a CSP violation or a hydration
 * error, in the same box. Sign-out still works as before. SHOTS_DIR=<dir> saves screenshots.
 */
const SHOTS = process.env.SHOTS_DIR;

for (const width of [390, 1280]) {
  test(`signed-in shells at ${width} px: the account after hydration, no CSP or hydration error, sign-out`, async ({
    page,
    wallet,
    browser,
  }) => {
    // Every signed-in shell is loaded and checked: ~50 s on a slow 2-core CI machine, where the
    // default 60 s ran out once at the last step (sign-out).
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const problems = await pageProblems(page);
    const w = await wallet.install(page, { privateKey: await freshAccount() });
    await signIn(page, { next: "/swap" });

    // The HTML as served, without running it: placeholder in the header, the session in the block.
    const raw = await servedHtmlPage(browser, page, width);

    for (const path of ["/swap", "/stake", "/"]) {
      const res = await raw.goto(path);
      const html = (await res?.text()) ?? "";
      expect(html).toContain(`<script id="aurum-session" type="application/json">{"address":"${w.address}"`);
      expect(html.split(w.address)).toHaveLength(2);
      const pending = raw.getByTestId("account-chip-pending");
      await expect(pending).toBeVisible();
      const placeholder = await pending.boundingBox();

      await page.goto(path);
      await waitForApp(page);
      const chip = page.getByTestId("account-chip");
      await expect(chip).toContainText(shortAddress(w.address));
      await expect(page.getByTestId("account-chip-pending")).toHaveCount(0);
      // The chip takes the placeholder's box: nothing in the header moves when it appears.
      const box = await chip.boundingBox();
      expect(Math.abs((box?.width ?? 0) - (placeholder?.width ?? -9))).toBeLessThanOrEqual(1);
      expect(Math.abs((box?.x ?? 0) - (placeholder?.x ?? -9))).toBeLessThanOrEqual(1);
      if (SHOTS) {
        const name = path === "/" ? "home" : path.slice(1);
        await page.screenshot({ path: `${SHOTS}/after-${name}-${width}.png` });
        await raw.screenshot({ path: `${SHOTS}/after-${name}-${width}-html-only.png` });
      }
    }
    await raw.context().close();

    await page.goto("/swap");
    await waitForApp(page);
    await expectAxeClean(page);

    await page.getByTestId("account-chip").click();
    const modal = page.getByRole("dialog", { name: "Account" });
    await modal.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole("banner").getByRole("button", { name: "Connect wallet" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.goto("/stake");
    await expect(page).toHaveURL(/\/connect\?next=%2Fstake$/);
    expect(problems).toEqual([]);
  });
}

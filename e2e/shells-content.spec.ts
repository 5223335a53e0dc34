import type { Page } from "@playwright/test";
import { expect, freshAccount, shortAddress, signIn, test, waitForApp } from "./fixtures";
import { pageProblems, servedHtmlPage } from "./page-problems";

/**
 * The content pages as signed-in shells (docs/ARCHITECTURE.md, "Rendering and CSP"): a signed-in
 * load of /testnet, /news, an article, /faq, /support or /airdrop is the page's shared shell plus the
 * visitor's session block. Each shows its content and the account chip after hydration, without a
 * CSP violation or a hydration error (axe scans these pages signed in, at both widths, in
 * e2e/a11y-all.spec.ts); what is per visitor comes from the client
 * (their tickets, the airdrop's address, the article's read for the "read an article" task).
 * SHOTS_DIR=<dir> saves screenshots.
 */
const SHOTS = process.env.SHOTS_DIR;
const ARTICLE = "points-campaign-and-referrals";

const PAGES: { path: string; heading: RegExp }[] = [
  { path: "/testnet", heading: /Testnet/ },
  { path: "/news", heading: /^News$/ },
  { path: `/news/${ARTICLE}`, heading: /Points campaign/ },
  { path: "/faq", heading: /^FAQ$/ },
  { path: "/support", heading: /^Support$/ },
  { path: "/airdrop", heading: /^Airdrop$/ },
];

async function verifyTask(page: Page, id: string) {
  return page.evaluate(async (taskId) => {
    const res = await fetch(`/api/tasks/${taskId}/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    return { status: res.status, body: (await res.json()) as { credited?: boolean } };
  }, id);
}

for (const width of [390, 1280]) {
  test(`content pages as signed-in shells at ${width} px: content, account chip, no CSP or hydration error`, async ({
    page,
    wallet,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const problems = await pageProblems(page);
    const w = await wallet.install(page, { privateKey: await freshAccount() });
    await signIn(page, { next: "/faq" });
    // Not read yet: the task's check says so (and credits nothing).
    const before = await verifyTask(page, "read-points-article");
    expect(before.body.credited).not.toBe(true);

    // The HTML as served: the shared shell (placeholder chip) with this visitor's session block.
    const raw = await servedHtmlPage(browser, page, width);

    for (const { path, heading } of PAGES) {
      const res = await raw.goto(path);
      expect(res?.status()).toBe(200);
      const html = (await res?.text()) ?? "";
      expect(html).toContain(`<script id="aurum-session" type="application/json">{"address":"${w.address}"`);
      // The address is only in the block: nothing of this visitor was rendered into the shell.
      expect(html.split(w.address)).toHaveLength(2);
      await expect(raw.getByTestId("account-chip-pending")).toBeVisible();

      const read =
        path === `/news/${ARTICLE}`
          ? page.waitForResponse(
              (r) => r.url().endsWith(`/api/news/${ARTICLE}/read`) && r.request().method() === "POST",
            )
          : null;
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByTestId("account-chip")).toContainText(shortAddress(w.address));
      await expect(page.getByTestId("account-chip-pending")).toHaveCount(0);
      if (read) expect((await read).status()).toBe(200);
      if (path === "/support") await expect(page.getByText("No tickets yet")).toBeVisible();
      if (path === "/airdrop") {
        // The rounds with this address's eligibility (a round published by another spec) or none.
        await expect(
          page.getByText("No airdrop round yet").or(page.getByTestId("airdrop-amount")).first(),
        ).toBeVisible();
        await expect(page.getByLabel("Loading airdrop rounds")).toHaveCount(0);
      }
      if (SHOTS) {
        const name = path.slice(1).replaceAll("/", "-");
        await page.screenshot({ path: `${SHOTS}/shell-${name}-${width}.png`, fullPage: true });
      }
    }
    await raw.context().close();

    // The article's read, recorded by its client, counts for the task.
    const after = await verifyTask(page, "read-points-article");
    expect(after).toMatchObject({ status: 200, body: { credited: true } });

    // An unknown article is still a 404, with the visitor's own header.
    const missing = await page.goto("/news/no-such-article");
    expect(missing?.status()).toBe(404);
    await waitForApp(page);
    await expect(page.getByTestId("account-chip")).toContainText(shortAddress(w.address));
    expect(problems).toEqual([]);
  });
}

import type { Page } from "@playwright/test";
import { expectAxeClean } from "./axe";
import { expect, freshAccount, installWallet, signIn, test, waitForApp } from "./fixtures";
import { pageProblems, servedHtmlPage } from "./page-problems";

/**
 * Signed-in shells of per-user pages (docs/ARCHITECTURE.md, "Rendering and CSP"): a signed-in load
 * of /task, /rewards, /friends or /wallet is the shared shell (skeletons) plus the visitor's
 * page-data block; the content shows right
 * after hydration without an API request, and the page still works (a check-in credits points). A
 * client-side navigation renders the page the normal way and shows the same data. No CSP violation,
 * no hydration error. axe scans these pages for a fresh account in e2e/a11y-all.spec.ts; here only
 * /rewards once it has a credit. SHOTS_DIR=<dir> saves screenshots.
 */
const SHOTS = process.env.SHOTS_DIR;

/** Opens `path` through the header's navigation (the mobile menu below the lg breakpoint). */
async function navigate(page: Page, label: string, width: number) {
  if (width < 1024) await page.getByTestId("mobile-menu-button").click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: label, exact: true })
    .click();
}

/** The heights of /task's first two cards (the daily check-in, the faucet claim), in whole px. */
const firstCardHeights = (p: Page) =>
  p
    .locator("main article")
    .evaluateAll((els) => els.slice(0, 2).map((e) => Math.round(e.getBoundingClientRect().height)));

for (const width of [390, 1280]) {
  test(`per-user signed-in shells at ${width} px: data after hydration without a request, client navigation, a credit`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const problems = await pageProblems(page);
    const apiReads: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (r.method() === "GET" && url.pathname.startsWith("/api/") && url.pathname !== "/api/version")
        apiReads.push(url.pathname);
    });
    const w = await installWallet(page, { privateKey: await freshAccount() });
    await signIn(page, { next: "/swap" });

    // The HTML as served: skeletons in the page, this visitor's data in the block.
    const raw = await servedHtmlPage(browser, page, width);
    for (const [path, skeleton] of [
      ["/task", "tasks-skeleton"],
      ["/rewards", "rewards-skeleton"],
      ["/friends", "friends-skeleton"],
      ["/wallet", "wallet-skeleton"],
    ] as const) {
      const res = await raw.goto(path);
      const html = (await res?.text()) ?? "";
      expect(html).toContain(`<script id="aurum-session" type="application/json">{"address":"${w.address}"`);
      expect(html).toContain(`<script id="aurum-page-data" type="application/json">{"page":"${path}","at":`);
      await expect(raw.getByTestId(skeleton)).toBeVisible();
      if (SHOTS) await raw.screenshot({ path: `${SHOTS}${path}-${width}-skeleton.png`, fullPage: true });
    }
    // The shell shows every task as everyone sees it, before the user's state.
    await raw.goto("/task");
    await expect(
      raw.getByTestId("tasks-skeleton").getByRole("heading", { name: "Daily check-in" }),
    ).toBeVisible();
    // The cards a phone shows first, as painted from the shell: they keep their size when the
    // user's state arrives (no layout shift; the shell's placeholders have the loaded boxes).
    const shellCards = await firstCardHeights(raw);
    await raw.context().close();

    // By URL: the figures and the tasks right after hydration, no API read for them.
    apiReads.length = 0;
    await page.goto("/task");
    await waitForApp(page);
    await expect(page.getByTestId("points-balance")).toHaveText("0");
    await expect(page.getByTestId("task-daily-check-in")).toBeVisible();
    await expect(page.getByTestId("tasks-skeleton")).toHaveCount(0);
    expect(apiReads.filter((p) => p === "/api/tasks" || p === "/api/points")).toEqual([]);
    await expect(page.getByTestId("faucet-state")).toBeVisible();
    const loadedCards = await firstCardHeights(page);
    expect(loadedCards.map((h, i) => Math.abs(h - (shellCards[i] ?? 0)))).toEqual([0, 0]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/task-${width}.png`, fullPage: true });

    // The page still works: a check-in credits points and the figures follow.
    const card = page.getByTestId("task-daily-check-in");
    await card.getByRole("button", { name: /^Check in/ }).click();
    await expect(page.getByTestId("task-status-daily-check-in")).toContainText("Done", { timeout: 30_000 });
    await expect(page.getByTestId("points-balance")).not.toHaveText("0", { timeout: 30_000 });
    const credited = await page.getByTestId("points-balance").textContent();

    // A reload is a new shell answer with the new data.
    await page.reload();
    await waitForApp(page);
    await expect(page.getByTestId("points-balance")).toHaveText(credited ?? "");
    await expect(page.getByTestId("task-status-daily-check-in")).toContainText("Done");

    // By client navigation from another page: rendered by Next with the page's own props.
    await page.goto("/swap");
    await waitForApp(page);
    await navigate(page, "Tasks", width);
    await page.waitForURL((u) => u.pathname === "/task");
    await expect(page.getByTestId("points-balance")).toHaveText(credited ?? "");
    await expect(page.getByTestId("task-status-daily-check-in")).toContainText("Done");

    // /rewards by client navigation (the link on /task), then by URL (its shell).
    await page.getByRole("link", { name: "Rewards and leaderboard →" }).click();
    await page.waitForURL((u) => u.pathname === "/rewards");
    await expect(page.getByTestId("rewards-balance")).toContainText(credited ?? "-");
    await expect(page.getByTestId("rewards-history")).toContainText("Daily check-in");
    apiReads.length = 0;
    await page.goto("/rewards");
    await waitForApp(page);
    await expect(page.getByTestId("rewards-balance")).toContainText(credited ?? "-");
    await expect(page.getByTestId("rewards-history")).toContainText("Daily check-in");
    // The user is on the board now (top 100 or their neighbours).
    await expect(
      page.locator(`[data-testid^="leaderboard-"] [data-address="${w.address}"]`).first(),
    ).toBeVisible();
    await expect(page.getByTestId("rewards-skeleton")).toHaveCount(0);
    expect(apiReads.filter((p) => p.startsWith("/api/points") || p === "/api/leaderboard")).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewards-${width}.png`, fullPage: true });
    // With a credit in the history and the user on the board: a state a11y-all's fresh account lacks.
    await expectAxeClean(page);

    // /friends by URL (its shell: the rules in the HTML, the user's link after hydration), then by
    // client navigation.
    apiReads.length = 0;
    await page.goto("/friends");
    await waitForApp(page);
    await expect(page.getByTestId("referral-link")).toContainText("http");
    await expect(page.getByTestId("referral-qr")).toBeVisible();
    await expect(page.getByTestId("friends-count")).toHaveText("0");
    await expect(page.getByTestId("friends-skeleton")).toHaveCount(0);
    expect(apiReads.filter((p) => p.startsWith("/api/referral"))).toEqual([]);
    const link = await page.getByTestId("referral-link").textContent();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/friends-${width}.png`, fullPage: true });
    await page.goto("/swap");
    await waitForApp(page);
    await navigate(page, "Friends", width);
    await page.waitForURL((u) => u.pathname === "/friends");
    await expect(page.getByTestId("referral-link")).toHaveText(link ?? "-");

    // /wallet by URL (its shell: the address and receive QR after hydration), then by client navigation.
    await page.goto("/wallet");
    await waitForApp(page);
    await expect(page.getByTestId("receive-address")).toContainText(w.address);
    await expect(page.getByTestId("receive-qr")).toBeVisible();
    await expect(page.getByRole("link", { name: "View in explorer" })).toHaveAttribute(
      "href",
      new RegExp(`/address/${w.address}$`),
    );
    await expect(page.getByTestId("wallet-skeleton")).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wallet-${width}.png`, fullPage: true });
    await page.goto("/swap");
    await waitForApp(page);
    await navigate(page, "Wallet", width);
    await page.waitForURL((u) => u.pathname === "/wallet");
    await expect(page.getByTestId("receive-address")).toContainText(w.address);

    expect(problems).toEqual([]);
  });
}

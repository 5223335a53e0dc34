import type { Browser, Locator } from "@playwright/test";
import { expectAxeClean } from "./axe";
import { expect, freshAccount, gotoApp, installWallet, OPERATOR_KEYS, signIn, test } from "./fixtures";

// /task through the UI (issues 14 and 18): the faucet badge's cooldown, hints that say how to do
// each task with one drip, Verify buttons named by their task, and a weekly task from the console.

const NAV = { timeout: 30_000 };
const run = Date.now().toString(36);
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** Where each of a quiz card's questions starts, from the top of the page. */
function questionTops(quiz: Locator): Promise<number[]> {
  return quiz
    .locator("fieldset")
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
}

async function participant(browser: Browser, width: number, native = "0") {
  const ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  const page = await ctx.newPage();
  await installWallet(page, { privateKey: await freshAccount({ native }) });
  return { ctx, page };
}

test("at 390 px: after a claim the faucet badge shows the cooldown on /testnet and on the task; hints and named Verify buttons", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A wallet with nothing but what the faucet will give.
  const { ctx, page } = await participant(browser, 390);
  await signIn(page, { next: "/testnet" });
  await expect(page.getByTestId("faucet-state")).toHaveText("Available", NAV);
  await page.getByTestId("faucet-claim-button").click();
  await expect(page.getByTestId("faucet-claim-status")).toHaveAttribute("data-status", "confirmed", {
    timeout: 60_000,
  });
  // The badge no longer says "Available" during the 24 h cooldown: it says how long is left.
  const badge = page.getByTestId("faucet-state");
  await expect(badge).toHaveAttribute("data-state", "cooldown");
  await expect(badge).toHaveText(/^Cooldown · 2[34] h \d\d m left$/);
  await page.reload();
  await expect(page.getByTestId("faucet-state")).toHaveText(/^Cooldown · 2[34] h \d\d m left$/, NAV);

  await gotoApp(page, "/task");
  const faucetCard = page.getByTestId("task-faucet-claim");
  await expect(faucetCard.getByTestId("faucet-state")).toHaveText(/^Cooldown · 2[34] h \d\d m left$/, NAV);

  // Hints say how to do each task with one drip.
  await expect(page.getByTestId("task-swap-10-tusd")).toContainText("Swap 10 tUSD → AURUM");
  await expect(page.getByTestId("task-stake-1")).toContainText("Stake at least 0.5 WAURUM");
  await expect(page.getByTestId("task-stake-1")).toContainText("Keep the rest for gas");

  // The quiz's questions stack in its card (the 1280 px test lays them side by side).
  const tops = await questionTops(page.getByTestId("task-testnet-quiz"));
  expect(tops.length).toBeGreaterThan(1);
  expect(new Set(tops).size).toBe(tops.length);

  // Every Verify button is named by its task, its name starting with the visible text.
  const verify = page.getByRole("button", { name: /^Verify / });
  const visible = await verify.evaluateAll((els) => els.map((e) => e.firstChild?.textContent?.trim()));
  expect(visible.every((n) => n === "Verify")).toBe(true);
  await expect(page.getByRole("button", { name: "Verify Claim from the faucet", exact: true })).toBeVisible();
  const accessible = await verify.evaluateAll((els) => els.map((e) => e.textContent?.trim()));
  expect(new Set(accessible).size).toBe(accessible.length);
  expect(accessible.length).toBeGreaterThanOrEqual(8);

  await page.getByRole("button", { name: "Verify Claim from the faucet", exact: true }).click();
  await expect(faucetCard).toHaveAttribute("data-status", "done", NAV);
  await expect(page.getByTestId("task-message-faucet-claim")).toContainText("+50 points");

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/task-390.png`, fullPage: true });
  await ctx.close();
});

test("at 1280 px: a weekly task made in the console shows when it resets and counts once this week", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminCtx.newPage();
  await installWallet(admin, { privateKey: OPERATOR_KEYS.console });
  await signIn(admin, { next: "/admin/tasks" });
  const id = `weekly-${run}`;
  await admin.getByRole("button", { name: "New task" }).click();
  await admin.getByLabel("Id", { exact: true }).fill(id);
  await admin.getByLabel("Title", { exact: true }).fill(`Weekly check-in ${run}`);
  await admin.getByLabel("Description", { exact: true }).fill("Check in once a week.");
  await admin.getByLabel("Hint", { exact: true }).fill("Any day this week; it costs nothing.");
  await admin.getByLabel("Type", { exact: true }).selectOption("daily_checkin");
  await admin.getByLabel("Points", { exact: true }).fill("12");
  await admin.getByLabel("Recurrence", { exact: true }).selectOption("weekly");
  await expect(admin.getByTestId("task-preview-recurrence")).toHaveText(
    "Repeats every week; resets on Monday at 00:00 UTC",
  );
  await admin.getByRole("button", { name: "Save task" }).click();
  await expect(admin.getByRole("row").filter({ hasText: id })).toContainText("weekly", NAV);
  await adminCtx.close();

  const { ctx, page } = await participant(browser, 1280, "1");
  await signIn(page, { next: "/task" });
  const card = page.getByTestId(`task-${id}`);
  await expect(card).toContainText("Any day this week; it costs nothing.", NAV);
  // The quiz takes the grid's whole row with its questions side by side, rather than a column three
  // cards tall with the card beside it stretched to match (on phones they stack: the 390 px test).
  const quiz = page.getByTestId("task-testnet-quiz");
  const [quizWidth, gridWidth] = await quiz.evaluate((el) => [
    el.getBoundingClientRect().width,
    (el.parentElement as HTMLElement).getBoundingClientRect().width,
  ]);
  expect(quizWidth).toBeCloseTo(gridWidth, 0);
  expect(new Set(await questionTops(quiz)).size).toBe(1);
  await expect(page.getByTestId(`task-repeat-${id}`)).toHaveText("weekly");
  // The next Monday 00:00 UTC, as the card states it.
  const now = new Date();
  const monday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 7 - ((now.getUTCDay() + 6) % 7)),
  );
  const mondayText = `${monday.toISOString().slice(0, 10)} 00:00 UTC`;
  await expect(page.getByTestId(`task-resets-${id}`)).toHaveText(
    `Resets every Monday at 00:00 UTC (next ${mondayText})`,
  );
  await page.getByRole("button", { name: `Check in Weekly check-in ${run}`, exact: true }).click();
  await expect(card).toHaveAttribute("data-status", "done", NAV);
  await expect(page.getByTestId(`task-status-${id}`)).toContainText("12 points earned");
  await expect(page.getByTestId(`task-resets-${id}`)).toHaveText(`Again from ${mondayText}`);
  // A second try this week earns nothing more (the button is gone; the API says so).
  const again = await page.evaluate(async (taskId) => {
    const res = await fetch(`/api/tasks/${taskId}/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    return (await res.json()) as { credited: boolean; message: string };
  }, id);
  expect(again).toMatchObject({
    credited: false,
    message: "Already done this week; it opens again on Monday at 00:00 UTC.",
  });
  await expectAxeClean(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/task-1280.png`, fullPage: true });
  await ctx.close();
});

for (const width of [390, 1280]) {
  test(`at ${width} px: a quiz grades 3 answers a day, then says when to try again and keeps the answers`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { ctx, page } = await participant(browser, width);
    await signIn(page, { next: "/task" });
    const quiz = page.getByTestId("task-testnet-quiz");
    const message = page.getByTestId("task-message-testnet-quiz");
    await quiz.getByLabel("56").check();
    await quiz.getByLabel("Nothing — they are for testing").check();
    await quiz.getByLabel("At 00:00 UTC").check();
    for (let i = 0; i < 3; i++) {
      await quiz.getByTestId("verify-testnet-quiz").click();
      await expect(message).toHaveText("Not every answer is right. Read the questions again and retry.", NAV);
      // Each answer waits for its reply before the next click.
      await expect(quiz.getByTestId("verify-testnet-quiz")).toBeEnabled();
    }
    await quiz.getByTestId("verify-testnet-quiz").click();
    await expect(message).toHaveText(
      /^Too many wrong answers\. Try the quiz again in \d+ (hours?|minutes?|seconds?)\.$/,
      NAV,
    );
    await expect(quiz.getByLabel("56")).toBeChecked();
    await expect(quiz).not.toHaveAttribute("data-status", "done");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAxeClean(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/task-quiz-limit-${width}.png`, fullPage: true });
    await ctx.close();
  });
}

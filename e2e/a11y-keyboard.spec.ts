import type { Locator, Page } from "@playwright/test";
import { NAV_ROUTES } from "../src/lib/routes";
import { expect, freshAccount, gotoApp, signIn, test } from "./fixtures";

// Issue 18 items 11 and 12 that axe cannot see: the skip link, the mobile menu's focus trap, toasts
// that leave the header readable on phones, the network badge at 390 px and the leaderboard's
// keyboard-scrollable box.

// Set A11Y_SCREENSHOTS=dir to also save screenshots (skip link focused, menu open, a toast).
const shotsDir = process.env.A11Y_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-${page.viewportSize()?.width}.png` });
};

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** True when the two boxes share any area. */
async function overlaps(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("element not laid out");
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** How many text nodes inside `el` are laid out on more than one line. */
function wrappedLines(el: Element) {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let wrapped = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    if (range.getClientRects().length > 1) wrapped++;
  }
  return wrapped;
}

const activeTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid"));

for (const viewport of [PHONE, DESKTOP]) {
  test(`the skip link comes first and lands on the main content at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const url of ["/", "/connect", "/explorer", "/no/such/page"]) {
      await gotoApp(page, url);
      const skip = page.getByRole("link", { name: "Skip to content" });
      // Visually hidden (a 1 px box) until focused.
      const width = async () => (await skip.boundingBox())?.width ?? 0;
      expect(await width()).toBeLessThanOrEqual(1);
      await page.keyboard.press("Tab");
      await expect(skip, url).toBeFocused();
      await expect(skip).toBeInViewport();
      expect(await width()).toBeGreaterThan(50);
      if (url === "/") await shot(page, "skip-link");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();
      // The next Tab continues inside the page, not in the header.
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement)),
        url,
      ).toBe(true);
    }
  });
}

test("the open mobile menu keeps focus inside; Escape closes it and returns focus at 390 px", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await gotoApp(page, "/explorer");
  const button = page.getByRole("button", { name: "Open menu" });
  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByTestId("mobile-menu");
  await expect(menu).toBeVisible();
  const links = menu.getByRole("link");
  await expect(links).toHaveCount(NAV_ROUTES.length);
  // Opening moves focus to the first link.
  await expect(links.first()).toBeFocused();
  await shot(page, "mobile-menu");
  // Forwards through every link, then around to the (now "Close menu") button and back in.
  for (let i = 1; i < NAV_ROUTES.length; i++) {
    await page.keyboard.press("Tab");
    await expect(links.nth(i)).toBeFocused();
  }
  await page.keyboard.press("Tab");
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(links.first()).toBeFocused();
  // Backwards from the button wraps to the last link.
  await page.keyboard.press("Shift+Tab");
  await expect(close).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(links.last()).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  expect(await activeTestId(page)).toBe("mobile-menu-button");

  // A click outside closes it too.
  await button.click();
  await expect(menu).toBeVisible();
  // (The panel covers the page below the header: click the header's empty middle.)
  const bar = (await page.getByRole("banner").boundingBox())!;
  await page.mouse.click(bar.x + bar.width * 0.4, bar.y + bar.height / 2);
  await expect(menu).toBeHidden();
});

/** Earns points through the UI (the quiz, answered right); its "+N points" toast appears. */
async function answerQuiz(page: Page) {
  await gotoApp(page, "/task");
  const quiz = page.getByTestId("task-testnet-quiz");
  await quiz.getByLabel("99199").check();
  await quiz.getByLabel("Nothing — they are for testing").check();
  await quiz.getByLabel("At 00:00 UTC").check();
  await quiz.getByTestId("verify-testnet-quiz").click();
  await expect(quiz).toHaveAttribute("data-status", "done", { timeout: 20_000 });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`the network shows in the header and toasts leave the header free at ${viewport.width} px`, async ({
    page,
    wallet,
  }) => {
    await page.setViewportSize(viewport);
    await wallet.install(page, { privateKey: await freshAccount() });
    await signIn(page, { next: "/task" });
    const header = page.getByRole("banner");
    const badge = header.getByTestId("network-badge");
    await expect(badge).toBeVisible();
    await expect(badge).toContainText(/\S/);
    // Nothing in the header wraps onto a second line.
    for (const el of [badge, header.getByTestId("account-chip")]) {
      expect(await el.evaluate(wrappedLines)).toBe(0);
    }
    // Everything in the header fits the width (nothing pushed off screen).
    for (const el of [badge, header.getByTestId("account-chip")]) {
      const b = (await el.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(viewport.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await answerQuiz(page);
    const toast = page.locator(".Toastify__toast").filter({ hasText: "points" });
    // Fully on screen (its entry animation over) before it is measured.
    await expect(toast).toBeInViewport({ ratio: 1 });
    await shot(page, "toast");
    expect(await overlaps(toast, header)).toBe(false);
    // Phones: at the bottom edge; wider screens: just below the header.
    const box = (await toast.boundingBox())!;
    if (viewport === PHONE) expect(box.y + box.height).toBeGreaterThan(viewport.height - 120);
    else expect(box.y).toBeLessThan(200);

    if (viewport !== PHONE) return;
    // The leaderboard's scroll box (this participant is on it now) is reachable by keyboard.
    await gotoApp(page, "/rewards");
    const region = page.getByRole("region", { name: "Leaderboard, top 100" });
    await expect(region.getByTestId("leaderboard-top")).toBeVisible();
    await expect(region).toHaveAttribute("tabindex", "0");
    // Tab from the focusable element before it lands on the box itself.
    await region.evaluate((el: HTMLElement) => {
      const all = [...document.querySelectorAll<HTMLElement>("a[href], button, input, [tabindex='0']")];
      all[all.indexOf(el) - 1]?.focus();
    });
    await page.keyboard.press("Tab");
    await expect(region).toBeFocused();
    // A long leaderboard overflows the box; then the keyboard scrolls it.
    if (await region.evaluate((el) => el.scrollHeight > el.clientHeight)) {
      await page.keyboard.press("PageDown");
      await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    }
  });
}

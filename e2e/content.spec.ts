import { expect, gotoApp, signIn, test } from "./fixtures";

// News, FAQ and support (issue 7), driven through the real UI with the test wallet.
// Accounts 3 and 4 are only signed in here; nothing in this file touches the chain.
// Navigations get 30 s: under `next dev` (E2E_DEV=1) a route compiles on its first visit.
const NAV = { timeout: 30_000 };

test.describe("news", () => {
  test("lists articles newest first, filters by tag and opens an article", async ({ page }) => {
    await signIn(page, { account: 3, next: "/news" });
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
    const titles = page.getByRole("list", { name: "Articles" }).getByRole("heading", { level: 2 });
    // The seeded articles, newest first (the console's spec may have published more, newer ones).
    const seeded = [
      "Guide: your first swap and your first stake",
      "Points campaign: tasks, tiers and referrals",
      "The faucet is open — 1 AURUM, 100 tUSD and 0.05 tETH a day",
      "The Aurum Testnet is live",
    ];
    await expect(titles.filter({ hasText: seeded[0] })).toHaveCount(1);
    const shown = await titles.allTextContents();
    expect(shown.filter((t) => seeded.includes(t))).toEqual(seeded);

    await page
      .getByRole("navigation", { name: "Filter by tag" })
      .getByRole("link", { name: "#faucet" })
      .click();
    await expect(page).toHaveURL(/\/news\?tag=faucet$/, NAV);
    await expect(titles).toHaveCount(1);
    await expect(titles.first()).toHaveText("The faucet is open — 1 AURUM, 100 tUSD and 0.05 tETH a day");

    await titles.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/news\/faucet-is-open$/, NAV);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/The faucet is open/);
    await expect(page.getByTestId("reading-time")).toHaveText(/^\d+ min read$/);
    const body = page.getByTestId("article-body");
    await expect(body.getByRole("heading", { name: "The limits" })).toBeVisible();
    await expect(body.getByRole("link", { name: "Testnet page" })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );

    const more = page.getByRole("navigation", { name: "More articles" });
    await expect(more.getByRole("link", { name: /Previous article/ })).toContainText(
      "The Aurum Testnet is live",
    );
    await more.getByRole("link", { name: /Next article/ }).click();
    await expect(page).toHaveURL(/\/news\/points-campaign-and-referrals$/, NAV);
  });

  test("an unknown article is a 404", async ({ page }) => {
    await signIn(page, { account: 3, next: "/news" });
    const res = await page.goto("/news/no-such-article");
    expect(res?.status()).toBe(404);
  });
});

test.describe("FAQ", () => {
  test("search filters as you type, says what to do when nothing matches, and deep links open a question", async ({
    page,
  }) => {
    await signIn(page, { account: 3, next: "/faq" });
    await expect(page.getByRole("heading", { level: 1, name: "FAQ" })).toBeVisible();
    const search = page.getByTestId("faq-search");

    await search.fill("nonce");
    await expect(page.getByTestId("faq-count")).toHaveText("2 questions match “nonce”");
    // Each question is a native disclosure (<details>): its summary holds the question's heading.
    const stuck = page.getByRole("heading", {
      level: 3,
      name: "My transaction is stuck as pending. What do I do?",
    });
    await stuck.click();
    await expect(page.getByText(/choose Speed up/)).toBeVisible();
    await expect(page).toHaveURL(/\/faq#my-transaction-is-stuck-as-pending-what-do-i-do$/);

    await search.fill("xyzzy plugh");
    await expect(page.getByText("No questions match your search")).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/support");

    await gotoApp(page, "/faq#how-much-does-the-faucet-give-and-how-often");
    const question = page.locator("details", {
      has: page.getByRole("heading", { level: 3, name: "How much does the faucet give, and how often?" }),
    });
    await expect(question).toHaveAttribute("open", "");
    await expect(page.getByText(/1 AURUM, 100 tUSD and 0\.05 tETH/).first()).toBeVisible();
  });
});

test.describe("support", () => {
  test("validates, creates a ticket that shows as open, and hides it from another user", async ({
    page,
    browser,
  }) => {
    await signIn(page, { account: 3, next: "/support" });
    await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();

    const subject = `Faucet claim stuck ${Date.now()}`;
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Category").selectOption("faucet");
    await page.getByLabel("Subject").fill(subject);
    await page
      .getByLabel("Message")
      .fill("My faucet claim has been queued for ten minutes without a transaction hash.");
    await page.getByRole("button", { name: "Send ticket" }).click();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();

    await page.getByLabel("Transaction hash (optional)").fill("0x1234");
    await page.getByRole("button", { name: "Send ticket" }).click();
    await expect(page.getByText("Invalid format")).toBeVisible();

    await page.getByLabel("Email").fill("ada@example.org");
    await page.getByLabel("Transaction hash (optional)").fill("");
    // A double click must not open two tickets.
    await page.getByRole("button", { name: "Send ticket" }).dblclick();
    await expect(page.getByText(/Ticket sent/).first()).toBeVisible();

    const ticket = page.getByTestId("ticket").filter({ hasText: subject });
    await expect(ticket).toHaveCount(1);
    await expect(ticket.getByTestId("ticket-status")).toHaveText("Open");
    await expect(page.getByLabel("Subject")).toHaveValue("");

    const href = await ticket.getByRole("link", { name: subject }).getAttribute("href");
    expect(href).toMatch(/^\/support\/tickets\/[0-9a-f-]{36}$/);

    // The owner can reply on the ticket's own page.
    await gotoApp(page, href as string);
    await page.getByLabel("Your reply").fill("It went through after all, thanks.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("It went through after all, thanks.")).toBeVisible();

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, { account: 4, next: "/support" });
    await expect(otherPage.getByText(subject)).toHaveCount(0);
    const res = await otherPage.goto(href as string);
    expect(res?.status()).toBe(404);
    const api = await otherPage.request.get(`/api${href}`);
    expect(api.status()).toBe(404);
    await other.close();
  });
});

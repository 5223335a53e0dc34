import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expectAxeClean } from "./axe";
import { expect, freshAccount, gotoApp, installWallet, OPERATOR_KEYS, signIn, test } from "./fixtures";

// The operator console (issue 14) through its UI as an admin, each change checked from the
// participant's side. Participants are fresh accounts; the admin is OPERATOR_KEYS.console.

const NAV = { timeout: 30_000 };
const run = Date.now().toString(36);

async function adminPage(browser: import("@playwright/test").Browser, width = 1280) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await installWallet(page, { privateKey: OPERATOR_KEYS.console });
  await signIn(page, { next: "/admin" });
  return { ctx, page };
}

async function participant(browser: import("@playwright/test").Browser, next: string) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  const wallet = await installWallet(page, { privateKey: await freshAccount() });
  await signIn(page, { next });
  return { ctx, page, address: wallet.address.toLowerCase() };
}

test("a participant gets 404 on /admin and 403 on the admin API", async ({ browser }) => {
  const p = await participant(browser, "/");
  const res = await p.page.goto("/admin");
  expect(res?.status()).toBe(404);
  expect((await p.page.goto("/admin/tasks"))?.status()).toBe(404);
  expect((await p.page.request.get("/api/admin/overview")).status()).toBe(403);
  expect((await p.page.request.get("/api/admin/participants")).status()).toBe(403);
  await p.ctx.close();
});

for (const width of [390, 1280]) {
  // axe over every console screen at both widths is e2e/a11y-all.spec.ts ("operator"); here the
  // overview once its chart has drawn, which that scan does not wait for.
  test(`every console screen renders for an admin at ${width} px, none wider than the screen`, async ({
    browser,
  }) => {
    // Ten screens: more than the default minute on a busy machine.
    test.setTimeout(240_000);
    const { ctx, page } = await adminPage(browser, width);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("overview-stats")).toBeVisible(NAV);
    // The chart loads uPlot once it nears the viewport (src/ui/charts/near-viewport.ts), as a reader
    // scrolling down to it would.
    await page.getByTestId("overview-growth-chart").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("overview-growth-chart").locator("canvas")).toBeVisible();
    // The legend reads the latest day until the cursor is on the chart, then the day under it.
    const legend = page.getByTestId("overview-growth-chart").locator(".u-legend");
    const day = async (name: string) =>
      new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
        new Date(`${await page.getByRole("textbox", { name, exact: true }).inputValue()}T00:00:00Z`),
      );
    const values = legend.locator(".u-value");
    await expect(values).toHaveText([await day("To"), /^\d+$/, /^\d+$/]);
    await page
      .getByTestId("overview-growth-chart")
      .locator(".u-over")
      .hover({ position: { x: 1, y: 5 } });
    await expect(values).toHaveText([await day("From"), /^\d+$/, /^\d+$/]);
    await expectAxeClean(page);
    // A narrower range: the figures are drawn again over exactly that range (the answer and the
    // days it is drawn over are rendered together, in a deferred pass: OverviewScreen).
    const to = await page.getByRole("textbox", { name: "To", exact: true }).inputValue();
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole("textbox", { name: "From", exact: true }).fill(from);
    await expect(page.getByTestId("overview-growth-chart")).toHaveAttribute(
      "aria-label",
      new RegExp(`from ${from} to ${to}:`),
      NAV,
    );
    await expect(page.getByTestId("overview-growth-chart").locator("canvas")).toBeVisible();
    for (const [href, title] of [
      ["/admin/tasks", "Tasks"],
      ["/admin/content", "Content"],
      ["/admin/support", "Support inbox"],
      ["/admin/participants", "Participants"],
      ["/admin/faucet", "Faucet"],
      ["/admin/exports", "Exports"],
      ["/admin/audit", "Audit"],
      ["/admin/settings", "Settings"],
      ["/admin/staff", "Staff"],
    ] as const) {
      await gotoApp(page, href);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible(NAV);
      await expect(page.getByRole("status", { name: /Loading/ })).toHaveCount(0, NAV);
      // Nothing wider than the phone: the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await ctx.close();
  });
}

test("a task created in the console is completed by a participant", async ({ browser }) => {
  const { ctx, page } = await adminPage(browser);
  const id = `console-checkin-${run}`;
  await gotoApp(page, "/admin/tasks");
  await page.getByRole("button", { name: "New task" }).click();
  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("Title", { exact: true }).fill(`Console check-in ${run}`);
  await page.getByLabel("Description", { exact: true }).fill("Check in once, created from the console.");
  await page.getByLabel("Type", { exact: true }).selectOption("daily_checkin");
  await page.getByLabel("Points", { exact: true }).fill("15");
  await expect(page.getByRole("region", { name: "Preview as a participant" })).toContainText(
    `Console check-in ${run}`,
  );
  await page.getByRole("button", { name: "Save task" }).click();
  const row = page.getByRole("row").filter({ hasText: id });
  await expect(row).toContainText("console");

  const p = await participant(browser, "/task");
  const card = p.page.getByTestId(`task-${id}`);
  await expect(card).toContainText(`Console check-in ${run}`, NAV);
  await card.getByTestId(`verify-${id}`).click();
  await expect(p.page.getByTestId(`task-status-${id}`)).toContainText("15 points earned", NAV);
  await p.ctx.close();

  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: id })).toContainText("1 (1 people)");
  await ctx.close();
});

test("two operators edit one task: the later save is refused with its text kept, and goes through once reopened", async ({
  browser,
}) => {
  // One operator at a desk, the other on a phone: two browsers, each with the form open.
  const desk = await adminPage(browser);
  const phone = await adminPage(browser, 390);
  const id = `console-conflict-${run}`;
  // Created as the console's form does (a same-origin fetch carries the Origin a write needs).
  const created = await desk.page.evaluate(async (taskId) => {
    const res = await fetch("/api/admin/tasks", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id: taskId,
        title: "Conflict check-in",
        description: "Edited by two operators at once.",
        type: "daily_checkin",
        params: {},
        points: 5,
        repeat: "once",
      }),
    });
    return res.status;
  }, id);
  expect(created).toBe(201);
  const edit = async (page: import("@playwright/test").Page) => {
    await gotoApp(page, "/admin/tasks");
    await page.getByRole("button", { name: "Edit Conflict check-in" }).click();
    return page.getByLabel("Title", { exact: true });
  };
  const phoneTitle = await edit(phone.page);
  const deskTitle = await edit(desk.page);

  await deskTitle.fill("Saved at the desk");
  await desk.page.getByRole("button", { name: "Save task" }).click();
  await expect(desk.page.getByRole("row").filter({ hasText: id })).toContainText("Saved at the desk");

  await phoneTitle.fill("Saved on the phone");
  await phone.page.getByRole("button", { name: "Save task" }).click();
  await expect(phone.page.locator("form").getByRole("alert")).toHaveText(
    "Someone else saved this task after you opened it, so your changes were not saved. Close the form and open it again to see their version.",
  );
  await expect(phoneTitle).toHaveValue("Saved on the phone");
  await expectAxeClean(phone.page);
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Reopened, the form shows the desk's save; saved again from there, the phone's change lands.
  await phone.page.getByRole("button", { name: "Cancel" }).click();
  await phone.page.getByRole("button", { name: "Edit Saved at the desk" }).click();
  await expect(phone.page.getByLabel("Title", { exact: true })).toHaveValue("Saved at the desk");
  await phone.page.getByLabel("Title", { exact: true }).fill("Saved on the phone");
  await phone.page.getByRole("button", { name: "Save task" }).click();
  await expect(phone.page.getByRole("row").filter({ hasText: id })).toContainText("Saved on the phone");
  await desk.ctx.close();
  await phone.ctx.close();
});

test("an article published in the console is on /news", async ({ browser }) => {
  const { ctx, page } = await adminPage(browser);
  await gotoApp(page, "/admin/content");
  await page.getByRole("button", { name: "New article" }).click();
  const slug = `console-news-${run}`;
  await page.getByLabel("Slug", { exact: true }).fill(slug);
  await page.getByLabel("Title", { exact: true }).fill(`Console news ${run}`);
  await page.getByLabel("Summary", { exact: true }).fill("Written in the operator console.");
  await page.getByLabel("Tags", { exact: true }).fill("console");
  await page.getByLabel("Text (Markdown)").fill("## Hello\n\nThis is **bold** news.");
  await expect(page.getByTestId("news-preview").getByRole("heading", { name: "Hello" })).toBeVisible();
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("row").filter({ hasText: slug })).toContainText("published");

  const p = await participant(browser, "/news");
  await expect(p.page.getByRole("heading", { level: 2, name: `Console news ${run}` })).toBeVisible(NAV);
  await gotoApp(p.page, `/news/${slug}`);
  await expect(p.page.getByTestId("article-body").getByText("bold")).toBeVisible();
  await p.ctx.close();
  await ctx.close();
});

test("a reply from the inbox reaches the participant, and a points adjustment moves the leaderboard", async ({
  browser,
  baseURL,
}) => {
  const p = await participant(browser, "/support");
  const subject = `Console reply ${run}`;
  const created = await p.page.request.post("/api/support/tickets", {
    headers: { origin: baseURL as string, "idempotency-key": `ticket-${run}` },
    data: {
      email: "ada@example.org",
      category: "points",
      subject,
      message: "Where are my points from yesterday's quiz, please?",
    },
  });
  expect(created.status()).toBe(201);
  const { ticket } = (await created.json()) as { ticket: { id: string } };

  const { ctx, page } = await adminPage(browser);
  await gotoApp(page, "/admin/support");
  await page
    .getByRole("list", { name: "Tickets" })
    .getByRole("button", { name: new RegExp(subject) })
    .click();
  const thread = page.getByRole("region", { name: "Ticket thread" });
  await thread.getByLabel("Reply").fill("We found them: they are credited now.");
  await thread.getByRole("button", { name: "Send reply" }).click();
  await expect(thread.getByText("We found them: they are credited now.")).toBeVisible();
  await thread.getByRole("button", { name: "Assign to me" }).click();
  await expect(thread.getByRole("button", { name: "Unassign me" })).toBeVisible();

  await gotoApp(p.page, `/support/tickets/${ticket.id}`);
  await expect(p.page.getByText("We found them: they are credited now.")).toBeVisible();

  // Points: search the participant, adjust, and see them at the top of the leaderboard.
  await gotoApp(page, "/admin/participants");
  await page.getByLabel("Address, referral code or name").fill(p.address);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: p.address }).click();
  await expect(page.getByTestId("participant-points")).toHaveText("0", NAV);
  await page.getByLabel("Points (negative to remove)").fill("900000");
  await page.getByLabel("Reason (required)").fill("Quiz credit lost in a bug");
  await page.getByRole("button", { name: "Record adjustment" }).click();
  await expect(page.getByTestId("participant-points")).toHaveText("900,000");

  await gotoApp(p.page, "/rewards");
  // 900,000 points put them first (addresses are shown checksummed, hence the case-blind match).
  await expect(p.page.getByTestId("leaderboard-top")).toContainText(
    new RegExp(`#1${p.address.slice(0, 6)}…${p.address.slice(-4)}you`, "i"),
    NAV,
  );
  await expect(p.page.getByTestId("rewards-history")).toContainText("Quiz credit lost in a bug");

  // The adjustment is in the audit log.
  await gotoApp(page, "/admin/audit");
  await expect(page.getByRole("row").filter({ hasText: "points.adjust" }).first()).toContainText(p.address);
  await p.ctx.close();
  await ctx.close();
});

test("a CSV export downloads and parses; an imported address that never signed in is not a participant yet", async ({
  browser,
  baseURL,
}) => {
  const p = await participant(browser, "/");
  await p.ctx.close();
  const { ctx, page } = await adminPage(browser);
  // Points earned elsewhere for an address that has not signed in: listed, but not joined.
  const imported = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  const upload = await page.request.post("/api/admin/points/import", {
    headers: { origin: baseURL as string, "content-type": "text/csv" },
    data: `address,points,reason,source_key\n${imported},15,Zealy quest,zealy:e2e:${run}\n`,
  });
  expect(await upload.json()).toMatchObject({ rows: 1, credited: 1, excluded: 0 });
  await gotoApp(page, "/admin/participants");
  await page.getByLabel("Address, referral code or name").fill(imported);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row").filter({ hasText: imported })).toContainText("Not signed in yet");
  await gotoApp(page, "/admin/exports");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download participants CSV" }).click(),
  ]);
  const text = await (await import("node:fs/promises")).readFile((await download.path()) as string, "utf8");
  const { parseCsvRecords } = await import("../test/csv");
  const rows = parseCsvRecords(text);
  // `name` / `referrer_name`: the primary names (issue 16), empty for an address without one.
  expect(Object.keys(rows[0] ?? {})).toEqual([
    "address",
    "name",
    "referral_code",
    "referrer",
    "referrer_name",
    "points",
    "joined_at",
  ]);
  expect(rows.map((r) => r.address)).toContain(p.address);
  expect(rows.map((r) => r.address)).not.toContain(imported);
  await ctx.close();
});

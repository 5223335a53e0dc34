import type { Page } from "@playwright/test";
import { expectAxeClean } from "./axe";
import { expect, freshAccount, gotoApp, OPERATOR_KEYS, signIn, test } from "./fixtures";

// An operator publishes a round over the live points; an eligible participant checks and claims it
// through the wallet; a participant without points sees why not. Both at 390 px and 1280 px.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function api(page: Page, method: "GET" | "POST", path: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const res =
    method === "GET"
      ? await page.request.get(path)
      : await page.request.post(path, { data: data ?? {}, headers: { origin } });
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

test("eligible participant checks and claims; a participant without points sees why not", async ({
  browser,
  wallet,
}) => {
  test.setTimeout(240_000);

  // The eligible participant earns points (the daily check-in) before the snapshot.
  const ctxE = await browser.newContext({ viewport: PHONE });
  const pageE = await ctxE.newPage();
  await wallet.install(pageE, { privateKey: await freshAccount() });
  await signIn(pageE, { next: "/task" });
  const checkin = await api(pageE, "POST", "/api/tasks/daily-check-in/verify");
  expect(checkin.status).toBe(200);

  // The one without points signs in too.
  const ctxN = await browser.newContext({ viewport: DESKTOP });
  const pageN = await ctxN.newPage();
  await wallet.install(pageN, { privateKey: await freshAccount() });
  await signIn(pageN, { next: "/" });

  // The operator creates and publishes a round (snapshot now, window open now).
  const ctxA = await browser.newContext({ viewport: DESKTOP });
  const pageA = await ctxA.newPage();
  await wallet.install(pageA, { privateKey: OPERATOR_KEYS.airdrop });
  await signIn(pageA, { next: "/" });
  // Snapshot and opening at the same instant: the window is open as soon as the round is published.
  const now = new Date().toISOString();
  const created = await api(pageA, "POST", "/api/admin/airdrop/rounds", {
    name: "E2E Season",
    totalAmount: "1000000000000000000000",
    minPoints: 1,
    snapshotAt: now,
    opensAt: now,
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  // The POST only queues the job (the airdrop worker runs it); a second click is the same request.
  const queued = await api(pageA, "POST", `/api/admin/airdrop/rounds/${id}/publish`);
  expect(queued.status).toBe(202);
  expect(queued.body).toMatchObject({ status: "draft", publishRequested: true });
  expect((await api(pageA, "POST", `/api/admin/airdrop/rounds/${id}/publish`)).status).toBe(202);
  await expect
    .poll(async () => (await api(pageA, "GET", `/api/admin/airdrop/rounds/${id}`)).body.status, {
      timeout: 60_000,
    })
    .toBe("published");
  await gotoApp(pageA, "/admin/airdrop");
  await expect(pageA.getByRole("heading", { name: "Airdrop rounds", level: 1 })).toBeVisible();
  await expect(pageA.getByRole("article", { name: "E2E Season" })).toContainText("published");

  // Eligible, on a phone: the checker, then the claim through the wallet.
  await gotoApp(pageE, "/airdrop");
  const card = pageE.getByRole("article", { name: "E2E Season" });
  await expect(card.getByTestId("airdrop-amount")).toContainText(/You are eligible for [\d,.]+ tAIR/);
  await expect(card).toContainText("Points at the snapshot");
  await expect(card).toContainText("Tokens always go to your eligible address");
  await expectAxeClean(pageE);
  await card.getByRole("button", { name: /^Claim [\d,.]+ tAIR$/ }).click();
  await expect(card.getByTestId("airdrop-claimed")).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole("link", { name: /view the transaction on the explorer/ })).toBeVisible();
  // On a wide screen after a reload, the claimed state still comes from the chain.
  await pageE.setViewportSize(DESKTOP);
  await gotoApp(pageE, "/airdrop");
  await expect(
    pageE.getByRole("article", { name: "E2E Season" }).getByTestId("airdrop-claimed"),
  ).toBeVisible();

  // No points at the snapshot: told why, at both widths.
  for (const size of [DESKTOP, PHONE]) {
    await pageN.setViewportSize(size);
    await gotoApp(pageN, "/airdrop");
    const theirs = pageN.getByRole("article", { name: "E2E Season" });
    await expect(theirs.getByTestId("airdrop-amount")).toHaveText("You are not eligible for this round");
    await expect(theirs.getByTestId("airdrop-reason")).toContainText("You had no points at the snapshot");
    await expect(theirs.getByRole("button", { name: /^Claim/ })).toHaveCount(0);
  }
  await expectAxeClean(pageN);

  // The console is not there for participants.
  const res = await pageN.goto("/admin/airdrop");
  expect(res?.status()).toBe(404);

  await Promise.all([ctxE.close(), ctxN.close(), ctxA.close()]);
});

// The console's publish states as the worker moves a round through them: queued, publishing, and
// stopped on an error. The round is real; the list answer is rewritten per state (the worker would
// otherwise pass "queued" within its 2 s poll), so this checks how each state renders.
test("the console shows a queued, a running and a stopped publish job", async ({ browser, wallet }) => {
  test.setTimeout(120_000);
  for (const viewport of [PHONE, DESKTOP]) {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await wallet.install(page, { privateKey: OPERATOR_KEYS.airdrop });
    await signIn(page, { next: "/" });
    // Unique per attempt: a retry must not find the first attempt's round under the same name.
    const name = `States ${viewport.width} ${Date.now().toString(36)}`;
    const created = await api(page, "POST", "/api/admin/airdrop/rounds", {
      name,
      totalAmount: "1000000000000000000000",
      minPoints: 1,
      snapshotAt: new Date().toISOString(),
      opensAt: new Date().toISOString(),
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let patch: Record<string, unknown> = {};
    await page.route("**/api/admin/airdrop/rounds", async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      // The console polls the list: a poll still in flight when the test loads the page for the next
      // state is cancelled with the page it came from, and its answer is disposed. Nothing reads it.
      try {
        const res = await route.fetch();
        const body = (await res.json()) as { rounds: Record<string, unknown>[] };
        body.rounds = body.rounds.map((r) => (r.id === created.body.id ? { ...r, ...patch } : r));
        await route.fulfill({ response: res, json: body });
      } catch (error) {
        if (!/disposed|closed|cancel|abort/i.test(String(error))) throw error;
      }
    });
    const ROOT = `0x${"ab".repeat(32)}`;
    const states = [
      {
        key: "queued",
        patch: { publishRequested: true, publishing: false },
        button: "Queued…",
        text: "Queued: the background worker starts publishing within seconds.",
      },
      {
        key: "publishing",
        patch: {
          publishRequested: true,
          publishing: true,
          status: "frozen",
          merkleRoot: ROOT,
          recipients: 3,
        },
        button: "Publishing…",
        text: null,
      },
      {
        key: "stopped",
        patch: {
          publishRequested: false,
          publishing: false,
          status: "deployed",
          merkleRoot: ROOT,
          recipients: 3,
          lastError:
            "the deployer 0x000000000000000000000000000000000000dEaD holds 0 base units of the token; the round needs 1000",
        },
        button: "Resume publishing",
        text: "Last attempt stopped: the deployer",
      },
    ];
    for (const s of states) {
      patch = s.patch;
      await gotoApp(page, "/admin/airdrop");
      const card = page.getByRole("article", { name });
      const button = card.getByRole("button", { name: s.button });
      await expect(button).toBeVisible();
      if (s.key === "stopped") await expect(button).toBeEnabled();
      else await expect(button).toBeDisabled();
      if (s.text) await expect(card).toContainText(s.text);
      if (s.key === "stopped") await expect(card.getByRole("alert")).toContainText("Last attempt stopped");
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: test.info().outputPath(`publish-${s.key}-${viewport.width}.png`) });
      await expectAxeClean(page);
    }
    await ctx.close();
  }
});

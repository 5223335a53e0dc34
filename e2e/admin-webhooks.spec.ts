import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { privateKeyToAccount } from "viem/accounts";
import { expectAxeClean } from "./axe";
import { expect, freshAccount, gotoApp, installWallet, OPERATOR_KEYS, signIn, test } from "./fixtures";

// The console's webhooks screen (issue 17) and names in the support inbox (issue 16), as an admin
// through the UI at 390 and 1280 px; a local receiver fails, then recovers.

const NAV = { timeout: 30_000 };
const run = Date.now().toString(36);

let receiver: http.Server;
let receiverUrl = "";
let failing = true;
/** What the receiver got: each delivery's event id and body. */
const hits: { eventId: string; body: string }[] = [];

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      hits.push({ eventId: String(req.headers["x-aurum-event-id"]), body });
      res
        .writeHead(failing ? 500 : 200, { "content-type": "text/plain" })
        .end(failing ? "receiver down" : "ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${run}`;
});
test.afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

async function adminPage(browser: Browser, width: number) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await installWallet(page, { privateKey: OPERATOR_KEYS.console });
  await signIn(page, { next: "/admin" });
  return { ctx, page };
}

/** A fresh participant who registered `label` and opened a ticket (through the API). */
async function namedParticipantWithTicket(browser: Browser, baseURL: string, label: string, subject: string) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  const key = await freshAccount();
  const wallet = await installWallet(page, { privateKey: key });
  await signIn(page, { next: "/support" });
  const address = wallet.address;
  const msg = await page.request.get(`/api/profile/message?name=${label}&address=${address}`);
  expect(msg.status()).toBe(200);
  const { message, coin_type } = (await msg.json()) as { message: string; coin_type: number };
  const signature = await privateKeyToAccount(key).signMessage({ message });
  const reg = await page.request.post("/api/profile/account", {
    headers: { origin: baseURL },
    data: { coin_type, address, message, signature },
  });
  expect(reg.status()).toBe(201);
  const created = await page.request.post("/api/support/tickets", {
    headers: { origin: baseURL, "idempotency-key": `wh-ticket-${label}` },
    data: {
      email: "grace@example.org",
      category: "wallet",
      subject,
      message: "My wallet shows the wrong balance after the swap, please have a look.",
    },
  });
  expect(created.status()).toBe(201);
  await ctx.close();
  return address.toLowerCase();
}

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test("webhooks: add an endpoint (secret once), follow a failing delivery, retry it after recovery, disable and remove", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { ctx, page } = await adminPage(browser, 1280);
  await gotoApp(page, "/admin/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible(NAV);
  await page.getByLabel("Receiver URL").fill(receiverUrl);
  await page.getByLabel("ticket.opened").check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secret = page.getByTestId("webhook-secret");
  await expect(secret).toHaveText(/^whsec_/, NAV);
  const value = (await secret.textContent()) ?? "";
  // The list shows scheme and host only (the path may hold a token); the secret's hint tells
  // this endpoint from others on the same receiver.
  const listed = `${new URL(receiverUrl).origin}/<hidden>`;
  const name = `${listed} (secret …${value.slice(-4)})`;
  const row = page
    .getByRole("row")
    .filter({ hasText: listed })
    .filter({ hasText: `secret …${value.slice(-4)}` });
  await expect(row).toBeVisible(NAV);
  await expect(page.getByRole("row").filter({ hasText: receiverUrl })).toHaveCount(0);
  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  await page.reload();
  // Shown once: after a reload only the hint is on the page.
  await expect(row).toBeVisible(NAV);
  expect(await page.content()).not.toContain(value);
  expect(await page.content()).not.toContain(`/hooks/${run}`);

  // An event for it: a participant opens a ticket; the receiver answers 500.
  failing = true;
  const participant = await namedParticipantWithTicket(
    browser,
    baseURL as string,
    `hook${run}`.slice(0, 20),
    `Webhook ticket ${run}`,
  );
  // Other specs open tickets at the same time: this ticket's delivery is the one whose payload
  // names this participant, found by the event id the receiver got.
  let eventId = "";
  await expect
    .poll(() => {
      eventId = hits.find((h) => h.body.includes(participant))?.eventId ?? "";
      return eventId;
    }, NAV)
    .not.toBe("");
  await row.getByRole("button", { name: /Deliveries of/ }).click();
  const deliveries = page.getByRole("region", { name: "Deliveries" });
  const delivery = deliveries.getByRole("row").filter({ hasText: eventId.slice(0, 8) });
  await expect
    .poll(async () => {
      await deliveries.getByLabel("Status").selectOption("pending");
      await deliveries.getByLabel("Status").selectOption("");
      return delivery.textContent();
    }, NAV)
    .toContain("HTTP 500");
  await expectAxeClean(page);

  // The receiver is fixed: "Retry now" sends it at once, without waiting for the backoff.
  failing = false;
  const delivered = hits.length;
  await delivery.getByRole("button", { name: `Retry now ticket.opened ${eventId}` }).click();
  await expect
    // The log refreshes itself while a delivery is pending.
    .poll(() => delivery.getByTestId("delivery-status").textContent(), NAV)
    .toBe("delivered");
  expect(hits.length).toBeGreaterThan(delivered);
  await expectAxeClean(page);

  // Disable, enable, remove — each in the audit log.
  await row.getByRole("button", { name: `Disable ${name}` }).click();
  await expect(row).toContainText("disabled");
  await row.getByRole("button", { name: `Enable ${name}` }).click();
  await expect(row).toContainText("enabled");
  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(row).toHaveCount(0, NAV);
  await gotoApp(page, "/admin/audit");
  for (const action of [
    "webhooks.create",
    "webhooks.disable",
    "webhooks.enable",
    "webhooks.redeliver",
    "webhooks.delete",
  ])
    await expect(page.getByRole("row").filter({ hasText: action }).first()).toBeVisible(NAV);
  await ctx.close();
});

for (const width of [390, 1280]) {
  test(`the webhooks screen and the inbox with names at ${width} px: no overflow, no axe violations`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const label = `inbox${width}${run}`.slice(0, 24);
    const subject = `Named ticket ${width} ${run}`;
    const address = await namedParticipantWithTicket(browser, baseURL as string, label, subject);
    const { ctx, page } = await adminPage(browser, width);

    await gotoApp(page, "/admin/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible(NAV);
    await expect(page.getByRole("status", { name: /Loading/ })).toHaveCount(0, NAV);
    await noSideScroll(page, width);
    await expectAxeClean(page);
    await page.screenshot({ path: test.info().outputPath(`webhooks-${width}.png`), fullPage: true });

    // The ticket list shows the participant's name, with the short address beside it.
    await gotoApp(page, "/admin/support");
    const item = page
      .getByRole("list", { name: "Tickets" })
      .getByRole("button", { name: new RegExp(subject) });
    await expect(item.getByTestId("ticket-from")).toHaveText(
      `${label}.aurum (${address.slice(0, 6)}…${address.slice(-4)})`,
      NAV,
    );
    await item.click();
    // The thread: name and full address, one click from the participant's profile.
    const thread = page.getByRole("region", { name: "Ticket thread" });
    const who = thread.getByRole("link", { name: `Participant profile of ${label}.aurum` });
    await expect(who).toContainText(address);
    await noSideScroll(page, width);
    await expectAxeClean(page);
    await page.screenshot({ path: test.info().outputPath(`inbox-${width}.png`), fullPage: true });
    await who.click();
    await expect(page.getByTestId("participant-who")).toContainText(`${label}.aurum`, NAV);
    await ctx.close();
  });
}

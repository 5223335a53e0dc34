import { TICKET_LINK_GONE } from "../src/features/support/help";
import { expectAxeClean } from "./axe";
import { expect, freshAccount, gotoApp, test } from "./fixtures";

// Issue 18, item 1: help without a wallet. Signed out on /connect, a visitor whose wallet refuses to
// connect follows the modal's "Need help?" link, reads a sign-in answer from the FAQ and opens a
// ticket; the confirmation gives the private link, whose page shows the thread and takes a reply.

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`signed out on /connect at ${width} px: FAQ answer, ticket form, private link`, async ({
    page,
    wallet,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await wallet.install(page, { privateKey: await freshAccount(), rejectConnect: true });
    await gotoApp(page, "/connect");

    // The modal's connection error points at the help panel.
    await page.getByRole("main").getByRole("button", { name: "Connect wallet" }).click();
    const modal = page.getByRole("dialog");
    await modal.getByRole("button", { name: "Aurum Test Wallet" }).click();
    await expect(modal.getByRole("alert")).toContainText("Connection rejected");
    await modal.getByRole("link", { name: /Need help\?/ }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/connect#help$/);
    const help = page.locator("#help");
    await expect(help.getByRole("heading", { name: "Need help connecting?" })).toBeInViewport();

    // An answer from the FAQ itself.
    await help.getByText("Which wallets can I use?").click();
    await expect(help.getByText(/EIP-6963/)).toBeVisible();
    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/support-public-help-${width}.png`, fullPage: true });

    // Sending nothing shows each field's error, and the page stays accessible.
    const form = help.getByTestId("support-form");
    await form.getByRole("button", { name: "Send ticket" }).click();
    await expect(form.getByText("This field is required").first()).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Subject").click();
    await expect(form.getByText("Please enter a valid email")).toBeVisible();
    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/support-public-errors-${width}.png`, fullPage: true });

    const subject = `Wallet will not connect ${width}-${Date.now()}`;
    await form.getByLabel("Email").fill(`visitor-${width}@example.org`);
    await form.getByLabel("Category").selectOption({ label: "Wallet and sign-in" });
    await form.getByLabel("Subject").fill(subject);
    await form.getByLabel("Message").fill("My wallet refuses the connection every time I press Connect.");
    await form.getByRole("button", { name: "Send ticket" }).click();

    const sent = help.getByTestId("public-ticket-sent");
    await expect(sent).toContainText(/Ticket #[0-9A-F]{8} sent/);
    await expect(sent).toContainText(`visitor-${width}@example.org`);
    await expect(sent).toContainText(/\/connect\/ticket\/[A-Za-z0-9_-]{43}/);
    await expectAxeClean(page);
    await sent.screenshot({ path: `test-results/support-public-sent-${width}.png` });

    // The private link: the thread, and a reply without signing in.
    await sent.getByRole("link", { name: "Open your ticket" }).click();
    await expect(page).toHaveURL(/\/connect\/ticket\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(
      page.getByText("My wallet refuses the connection every time I press Connect."),
    ).toBeVisible();
    await page.getByLabel("Your reply").fill("It also fails in another browser.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByRole("list", { name: "Conversation" }).getByRole("listitem")).toHaveCount(2);
    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/support-public-ticket-${width}.png`, fullPage: true });

    // A wrong (or revoked) token is a 404 that says where a claimed ticket went, not somebody
    // else's ticket.
    const res = await page.goto(`/connect/ticket/${"A".repeat(43)}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText(TICKET_LINK_GONE);
    await expect(page.getByRole("link", { name: "Open Support" })).toHaveAttribute("href", "/support");
    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/support-ticket-link-gone-${width}.png`, fullPage: true });
  });
}

import type { Page } from "@playwright/test";
import { privateKeyToAccount } from "viem/accounts";
import { expectAxeClean } from "./axe";
import { expect, freshAccount, gotoApp, shortAddress, signIn, test } from "./fixtures";

// Issue 16: a participant registers a name through the wallet modal (one personal_sign) and is
// shown by it: header chip, account view and the leaderboard. Each run uses a fresh account and a
// name derived from it, so runs never collide on the shared server.

/** Earns points through the UI (the quiz, answered right) so the participant is on the leaderboard. */
async function earnPoints(page: Page) {
  await gotoApp(page, "/task");
  const quiz = page.getByTestId("task-testnet-quiz");
  await quiz.getByLabel("99199").check();
  await quiz.getByLabel("Nothing — they are for testing").check();
  await quiz.getByLabel("At 00:00 UTC").check();
  await quiz.getByTestId("verify-testnet-quiz").click();
  await expect(quiz).toHaveAttribute("data-status", "done", { timeout: 20_000 });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`register a name in the modal and see it on the leaderboard at ${viewport.width} px`, async ({
    page,
    wallet,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const key = await freshAccount();
    const address = privateKeyToAccount(key).address;
    const label = `e2e-${viewport.width}-${address.slice(2, 10).toLowerCase()}`;
    const w = await wallet.install(page, { privateKey: key });
    await signIn(page, { next: "/task" });
    await earnPoints(page);

    // Account view offers "Choose a name" while there is none.
    await page.getByTestId("account-chip").click();
    const modal = page.getByRole("dialog");
    await modal.getByTestId("choose-name").click();
    await expect(page.getByRole("dialog", { name: "Choose a name" })).toBeVisible();
    const input = modal.getByTestId("name-input");
    const status = modal.getByTestId("name-status");

    // The rules show as you type; a reserved name shows why, with no alternative built on the
    // reserved word (admin2, the-admin… would read as staff).
    await input.fill("abc");
    await expect(status).toHaveText("Names must be at least 4 characters.");
    await input.fill("Admin");
    await expect(status).toHaveText("admin.aurum is reserved.");
    await expect(modal.getByRole("button", { name: "Register" })).toBeDisabled();
    await expect(modal.getByTestId("name-suggestions")).toHaveCount(0);
    await page.screenshot({ path: `test-results/names-modal-taken-${viewport.width}.png` });

    await expectAxeClean(page, { include: '[data-testid="wallet-modal"]' });

    await input.fill(label.toUpperCase());
    await expect(status).toHaveText(`${label}.aurum is available.`);
    const signsBefore = w.methods().filter((m) => m === "personal_sign").length;
    await modal.getByRole("button", { name: "Register" }).click();

    await expect(page.getByRole("dialog", { name: "Name registered" })).toBeVisible({ timeout: 20_000 });
    await expect(modal.getByTestId("registered-name")).toHaveText(`${label}.aurum`);
    // Exactly one more signature, and it was personal_sign (the fixture also checks: never eth_sign).
    expect(w.methods().filter((m) => m === "personal_sign").length).toBe(signsBefore + 1);
    await page.screenshot({ path: `test-results/names-modal-success-${viewport.width}.png` });
    await modal.getByRole("button", { name: "Done" }).click();
    await expect(modal).toBeHidden();

    // The header chip shows the name, named by what it shows (label in name); the address stays in
    // the name's tooltip.
    const chip = page.getByTestId("account-chip");
    await expect(chip).toContainText(`${label}.aurum`);
    await expect(chip).toHaveAccessibleName(`Account ${label}.aurum`);
    await expect(chip.getByTestId("account-chip-name")).toHaveAttribute("title", address);

    // The leaderboard shows the name, with the address one hover away.
    await gotoApp(page, "/rewards");
    const mine = page.getByTestId("leaderboard-neighbours").locator("tr[data-me]");
    await expect(mine.getByTestId("account-name")).toHaveText(`${label}.aurum`);
    await expect(mine.getByTestId("account-name")).toHaveAttribute("title", address);
    await page.screenshot({ path: `test-results/names-rewards-${viewport.width}.png`, fullPage: false });

    // The explorer finds the name and titles the address page with it; the address is still there.
    await gotoApp(page, `/explorer/search?q=${label}.aurum`);
    await expect(page).toHaveURL(new RegExp(`/explorer/address/${address}$`));
    await expect(page.getByTestId("explorer-name")).toHaveText(`${label}.aurum`);
    await expect(page.getByTestId("explorer-address")).toHaveText(address);

    // After a reload the server renders the name (no flash of the address), and the account view
    // shows it instead of offering "Choose a name".
    await gotoApp(page, "/rewards");
    await expect(page.getByTestId("account-chip")).toContainText(`${label}.aurum`);
    await expect(page.getByTestId("account-chip")).not.toContainText(shortAddress(address));
    await page.getByTestId("account-chip").click();
    await expect(modal.getByTestId("account-name")).toHaveText(`${label}.aurum`);
    await expect(modal.getByTestId("choose-name")).toHaveCount(0);
    await page.screenshot({ path: `test-results/names-modal-account-${viewport.width}.png` });
  });
}

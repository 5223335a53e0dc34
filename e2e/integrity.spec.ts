import { expectAxeClean } from "./axe";
import { expect, freshAccount, gotoApp, OPERATOR_KEYS, signIn, test } from "./fixtures";

// An operator excludes a participant in the console; the participant sees the status and the reason
// category on /rewards and appeals with one click; the operator restores them (issue 12).

test("an excluded participant sees the status on /rewards, appeals, and is restored", async ({
  browser,
  page,
  wallet,
}) => {
  test.setTimeout(180_000);
  // The participant, in their own browser context.
  const contextP = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const pageP = await contextP.newPage();
  const participant = await wallet.install(pageP, { privateKey: await freshAccount({ native: "1" }) });
  await signIn(pageP, { next: "/rewards" });
  await expect(pageP.getByTestId("standing")).toHaveCount(0);
  // The console gates itself: a participant gets the 404 page.
  await gotoApp(pageP, "/admin/integrity");
  await expect(pageP.getByText(/Page not found/i)).toBeVisible();

  // The operator excludes the participant with a reason.
  await wallet.install(page, { privateKey: OPERATOR_KEYS.integrity });
  await signIn(page, { next: "/admin/integrity" });
  await expect(page.getByRole("heading", { name: "Integrity" })).toBeVisible();
  await page.getByRole("tab", { name: "Exclusions" }).click();
  await page.getByLabel("Reason category").selectOption("sybil");
  await page
    .getByLabel("Reason (recorded in the audit log)")
    .fill("Funded by the same address as a known farm");
  await page.getByLabel("Address", { exact: true }).fill(participant.address);
  await page.getByRole("button", { name: "Exclude address" }).click();
  await expect(page.getByTestId("exclusions")).toContainText(participant.address.toLowerCase());
  await expectAxeClean(page);

  // The participant sees the status and the category (not the operator's note), and appeals.
  await gotoApp(pageP, "/rewards");
  await expect(pageP.getByTestId("standing-status")).toHaveText("Excluded from the campaign's rewards");
  await expect(pageP.getByTestId("standing-reason")).toHaveText("Several accounts run by one person (sybil)");
  await expect(pageP.getByTestId("standing")).not.toContainText("known farm");
  await expectAxeClean(pageP);
  await pageP.getByTestId("appeal-button").click();
  // No earlier ticket: the participant gives an email for the answer once.
  await pageP.getByLabel("Email for the answer").fill("participant@example.org");
  await pageP.getByTestId("appeal-button").click();
  await expect(pageP.getByTestId("appeal-open")).toContainText("Your appeal is open");
  await pageP.getByRole("link", { name: "Follow it in Support" }).click();
  await expect(pageP.getByText("Appeal: excluded from rewards")).toBeVisible();
  await pageP.reload();
  await expect(pageP.getByText(/Reason category: Several accounts run by one person/)).toBeVisible();

  // The operator restores with one click; the status is gone.
  await page.reload();
  await page.getByRole("tab", { name: "Exclusions" }).click();
  const row = page
    .getByTestId("exclusions")
    .locator("li")
    .filter({ hasText: participant.address.toLowerCase() });
  await row.getByRole("button", { name: "Restore" }).click();
  await expect(row).toHaveCount(0);
  await gotoApp(pageP, "/rewards");
  await expect(pageP.getByTestId("standing")).toHaveCount(0);
  await contextP.close();
});

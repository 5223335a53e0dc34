import { expect, signIn, test } from "./fixtures";

// No other spec claims from the faucet with account 9, so its cooldown starts fresh in this run.
const ACCOUNT = 9;

test("claim from the faucet through the UI, see it confirmed, then the cooldown", async ({ page }) => {
  await signIn(page, { account: ACCOUNT, next: "/testnet" });
  await expect(page.getByTestId("faucet-drip")).toContainText("tUSD");
  await expect(page.getByTestId("faucet-state")).toHaveText("Available");

  const claim = page.getByTestId("faucet-claim-button");
  await expect(claim).toBeEnabled();
  await claim.click();

  // Live status: queued/sent → confirmed, with the payout transaction linked to the explorer.
  const status = page.getByTestId("faucet-claim-status");
  await expect(status).toHaveAttribute("data-status", "confirmed", { timeout: 30_000 });
  const link = page.getByTestId("faucet-tx-link");
  await expect(link).toHaveAttribute("href", /\/tx\/0x[0-9a-f]{64}$/);

  // The second claim is refused: the button waits for the countdown, also after a reload…
  await expect(claim).toBeDisabled();
  await expect(page.getByTestId("faucet-countdown")).toContainText(/Next claim in 2[34] h/);
  await page.reload();
  await expect(page.getByTestId("faucet-countdown")).toBeVisible();
  await expect(page.getByTestId("faucet-claim-button")).toBeDisabled();
  await expect(page.getByTestId("faucet-claim-status")).toHaveAttribute("data-status", "confirmed");

  // …and the API says why, with Retry-After, to a same-origin request carrying the session.
  const answer = await page.evaluate(async () => {
    const res = await fetch("/api/faucet/claim", { method: "POST" });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
  });
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThan(80_000);
  expect(answer.body.error.message).toBe(`Please try again after ${answer.retryAfter} seconds`);
});

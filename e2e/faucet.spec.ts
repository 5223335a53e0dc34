import { expect, freshAccount, gotoApp, signIn, test } from "./fixtures";

test("claim from the faucet through the UI: confirmed, balance and activity on /wallet, then the cooldown", async ({
  page,
  wallet,
}) => {
  // A new account: no tUSD yet and no earlier claim, whatever other specs did on the shared chain.
  await wallet.install(page, { privateKey: await freshAccount() });
  const w = await signIn(page, { next: "/testnet" });
  // Read the starting balance past the server's 30 s per-address cache, so /wallet later shows fresh data.
  const before = await page.evaluate(async (address) => {
    const res = await fetch(`/api/account/${address}/balance?forceUpdate=true`);
    return (await res.json()) as { balances: { symbol: string; quantity: { numeric: string } }[] };
  }, w.address);
  expect(before.balances.find((b) => b.symbol === "tUSD")?.quantity.numeric ?? "0").toBe("0");
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

  // The payout shows on the wallet page: the tUSD balance rose by the drip and the activity lists it.
  await gotoApp(page, "/wallet");
  const tusd = page.getByTestId("balance-tUSD").getByTestId("balance-amount");
  await expect(tusd).toHaveText(/^100(\.000)?$/, { timeout: 30_000 });
  await expect(page.locator('[data-testid="activity-row"][data-kind="faucet"]').first()).toBeVisible({
    timeout: 30_000,
  });
  await gotoApp(page, "/testnet");

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

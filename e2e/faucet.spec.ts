import { expect, freshAccount, gotoApp, signIn, test } from "./fixtures";

test("claim from the faucet through the UI: confirmed, balance and activity on /wallet, then the cooldown", async ({
  page,
  wallet,
}) => {
  // A new account: no tUSD yet and no earlier claim, whatever other specs did on the shared chain,
  // and little native coin (the faucet refuses wallets that already hold enough).
  await wallet.install(page, { privateKey: await freshAccount({ native: "1" }) });
  const w = await signIn(page, { next: "/testnet" });
  // Read the starting balance past the server's 30 s per-address cache, so /wallet later shows fresh data.
  const before = await page.evaluate(async (address) => {
    const res = await fetch(`/api/account/${address}/balance?forceUpdate=true`);
    return (await res.json()) as { balances: { symbol: string; quantity: { numeric: string } }[] };
  }, w.address);
  expect(before.balances.find((b) => b.symbol === "tUSD")?.quantity.numeric ?? "0").toBe("0");
  await expect(page.getByTestId("faucet-drip")).toContainText("tUSD");
  await expect(page.getByTestId("faucet-state")).toHaveText("Available");
  // The rules are shown before anyone presses Claim.
  await expect(page.getByTestId("faucet-rules")).toContainText("One claim per address every 24 hours");
  // Its limits are written like every other figure on the page (grouped), not as raw numbers.
  await expect(page.getByTestId("faucet-rules")).toContainText(
    /At most \d{1,3}(,\d{3})* claims per connection/,
  );
  await expect(page.getByTestId("faucet-rules")).not.toContainText(/\d{4,}/);

  // The claim goes through the proof of work: a challenge, solved in the browser, sent with the claim.
  const claim = page.getByTestId("faucet-claim-button");
  await expect(claim).toBeEnabled();
  const challenge = page.waitForResponse((r) => r.url().endsWith("/api/faucet/challenge") && r.ok());
  const posted = page.waitForRequest((r) => r.url().endsWith("/api/faucet/claim") && r.method() === "POST");
  await claim.click();
  await challenge;
  const body = (await posted).postDataJSON() as { altcha: string };
  const payload = JSON.parse(Buffer.from(body.altcha, "base64").toString()) as Record<string, unknown>;
  expect(Object.keys(payload).sort()).toEqual(["algorithm", "challenge", "number", "salt", "signature"]);

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

  // …and the API says why, with Retry-After, to a same-origin request carrying the session and a
  // fresh proof of work (the one above was spent).
  const answer = await page.evaluate(async (altcha) => {
    const res = await fetch("/api/faucet/claim", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ altcha }),
    });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
  }, body.altcha);
  expect(answer.status).toBe(409);
  expect(answer.body.error.code).toBe("POW_USED");

  // With a new solution the cooldown answers: 429, the reason and the wait, and Retry-After.
  const cooldown = await page.evaluate(async () => {
    const c = (await (await fetch("/api/faucet/challenge")).json()) as Record<string, string | number>;
    const hex = async (s: string) =>
      [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)))]
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
    let number = 0;
    while (number <= Number(c.maxnumber) && (await hex(`${c.salt}${number}`)) !== c.challenge) number++;
    const altcha = btoa(
      JSON.stringify({
        algorithm: c.algorithm,
        challenge: c.challenge,
        number,
        salt: c.salt,
        signature: c.signature,
      }),
    );
    const res = await fetch("/api/faucet/claim", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ altcha }),
    });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
  });
  expect(cooldown.status).toBe(429);
  expect(cooldown.body.error.code).toBe("FAUCET_COOLDOWN");
  expect(Number(cooldown.retryAfter)).toBeGreaterThan(80_000);
  expect(cooldown.body.error.message).toContain(`Please try again after ${cooldown.retryAfter} seconds`);

  // Public status: the payout is among the recent payouts, with its explorer link.
  const a = w.address.toLowerCase();
  await expect(page.getByTestId("faucet-recent")).toContainText(`${a.slice(0, 6)}…${a.slice(-4)}`);
  await expect(page.getByTestId("faucet-status").locator('a[href*="/tx/0x"]').first()).toBeVisible();
});

test("a refusal says why: a wallet that already holds enough test coins", async ({ page, wallet }) => {
  await wallet.install(page, { privateKey: await freshAccount({ native: "100" }) });
  await signIn(page, { next: "/testnet" });
  await page.getByTestId("faucet-claim-button").click();
  await expect(page.getByTestId("faucet-error")).toContainText("You already have enough test coins");
  await expect(page.getByTestId("faucet-claim-status")).toHaveCount(0);
});

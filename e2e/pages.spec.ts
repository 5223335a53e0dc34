import { expect, freshAccount, gotoApp, shortAddress, signIn, test, waitForApp } from "./fixtures";

// Set PAGES_SCREENSHOTS=dir to also save full-page screenshots at 360 and 1440 px (design review).
const shotsDir = process.env.PAGES_SCREENSHOTS;

test.describe("error pages", () => {
  test("an unmatched path is a 404 'Page not found: {path}' with a way home", async ({ page }) => {
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /no/such/page");
    const home = page.getByRole("link", { name: "Go back home" });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("landing-block-number")).toBeVisible();
  });

  test("a path under a real route that does not exist is also 'Page not found'", async ({ page }) => {
    const res = await page.goto("/connect/extra");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /connect/extra");
  });

  test("a single segment that is not a referral code is the fatal 'Page Not Found: {path}'", async ({
    page,
  }) => {
    for (const segment of ["hello", "ABCDEFG0", "ABCDEFGHJ"]) {
      const res = await page.goto(`/${segment}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
      await expect(page.getByTestId("error-message")).toHaveText(`Page Not Found: /${segment}`);
      await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
    }
  });

  test("the status codes are right without a browser too", async ({ request }) => {
    expect((await request.get("/a/b/c")).status()).toBe(404);
    expect((await request.get("/nope")).status()).toBe(404);
    expect((await request.get("/ABCDEFGH")).status()).toBe(200);
  });
});

test.describe("landing and referral links", () => {
  test("the landing page explains the campaign and shows live figures", async ({ page }) => {
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Testnet");
    await expect(page.getByTestId("landing-block-number")).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId("landing-participants")).toHaveText(/^\d[\d,]*$/);
    for (const name of ["Faucet & network", "Swap", "Stake", "Tasks & points", "Referrals", "Airdrop"]) {
      await expect(page.getByRole("main").getByRole("link", { name: new RegExp(name) })).toBeVisible();
    }
    await expect(page.getByTestId("invite-note")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test("a code someone owns shows who invited you and stores the code; an unknown code stores nothing", async ({
    browser,
    page,
    wallet,
    baseURL,
  }) => {
    // The inviter: a new account, so its code is its own whatever other specs did.
    const inviter = await wallet.install(page, { privateKey: await freshAccount() });
    await signIn(page, { next: "/friends" });
    const { code } = (await (await page.request.get("/api/referrals/me")).json()) as { code: string };

    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    const res = await visitor.goto(`/${code.toLowerCase()}`);
    expect(res?.status()).toBe(200);
    await expect(visitor.getByTestId("invite-note")).toHaveText(
      `You were invited with code ${code} by ${shortAddress(inviter.address)}`,
    );
    // A copy of the landing page per code: not indexed (the landing page itself is).
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await expect(visitor.getByTestId("landing-block-number")).toBeVisible();
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "aurum_ref")?.value)
      .toBe(code);
    const cookie = (await context.cookies()).find((c) => c.name === "aurum_ref")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // A well-formed code nobody owns says so and does not take the real inviter's credit away.
    const unknown = await visitor.goto("/k7m3pq9x");
    expect(unknown?.status()).toBe(200);
    await expect(visitor.getByTestId("invite-note")).toHaveText(
      "The invite code K7M3PQ9X does not belong to anyone. You can still join; no one will be credited for inviting you.",
    );
    await waitForApp(visitor);
    const refused = await visitor.request.post("/api/referral/visit", {
      data: { code: "K7M3PQ9X" },
      headers: { origin: baseURL! },
    });
    expect(refused.status()).toBe(404);
    expect((await context.cookies()).find((c) => c.name === "aurum_ref")?.value).toBe(code);
    await context.close();
  });

  test("the referral endpoint refuses malformed codes and foreign origins", async ({ request, baseURL }) => {
    const bad = await request.post("/api/referral/visit", {
      data: { code: "NOTACODE0" },
      headers: { origin: baseURL! },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.code).toBe("INVALID_INPUT");
    const foreign = await request.post("/api/referral/visit", {
      data: { code: "K7M3PQ9X" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status()).toBe(403);
  });
});

test.describe("/testnet", () => {
  test("shows the network details and live status, and adds the network to the wallet", async ({
    page,
    wallet,
  }) => {
    const w = await wallet.install(page, { account: 3 });
    await signIn(page, { next: "/testnet" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aurum Testnet");
    await expect(page.getByTestId("testnet-chain-id")).toHaveText("99199");
    await expect(page.getByText("(0x1837f)")).toBeVisible();
    // The symbol row of the network details (the faucet section below also names AURUM).
    await expect(
      page.locator("dt", { hasText: /^Currency symbol$/ }).locator("xpath=following-sibling::dd[1]"),
    ).toHaveText("AURUM");
    await expect(page.getByTestId("testnet-rpc-url")).toHaveText(/^https?:\/\//);
    await expect(page.getByTestId("testnet-block-number")).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId("rpc-health")).toContainText("Healthy");

    await page.getByRole("button", { name: "Add to wallet" }).first().click();
    await expect(page.getByText("Aurum Testnet is in your wallet and selected.")).toBeVisible();
    const added = w.addedChains.at(-1) as Record<string, unknown>;
    expect(added).toMatchObject({
      chainId: "0x1837f",
      chainName: "Aurum Testnet",
      nativeCurrency: { name: "Aurum", symbol: "AURUM", decimals: 18 },
    });
    expect((added.blockExplorerUrls as string[]).length).toBe(1);
    const methods = w.requests.map((r) => r.method);
    expect(methods.lastIndexOf("wallet_switchEthereumChain")).toBeGreaterThan(
      methods.lastIndexOf("wallet_addEthereumChain"),
    );
  });
});

test.describe("new builds and missing chunks", () => {
  const mark = (page: import("@playwright/test").Page) =>
    page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
  const sameDocument = (page: import("@playwright/test").Page) =>
    page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

  test("after a new build id appears, the next link click is a full page load", async ({ page }) => {
    await page.clock.install();
    await gotoApp(page, "/");
    await mark(page);
    // Same build: a click stays a client-side navigation.
    await page
      .getByRole("main")
      .getByRole("link", { name: /Faucet & network/ })
      .click();
    await page.waitForURL(/\/connect\?next=%2Ftestnet$/);
    expect(await sameDocument(page)).toBe(true);

    await page.route("**/api/version", (route) => route.fulfill({ json: { buildId: "a-newer-build" } }));
    const polled = page.waitForRequest("**/api/version");
    await page.clock.fastForward(61_000);
    await polled;
    await page.getByRole("banner").getByRole("link", { name: "Aurum" }).first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByTestId("landing-block-number")).toBeVisible();
    expect(await sameDocument(page)).toBe(false);
  });

  test("a chunk-load error reloads the page once, not again within 10 s", async ({ page }) => {
    await gotoApp(page, "/");
    const raise = () =>
      page.evaluate(() => {
        const err = new Error("Loading chunk 123 failed.");
        err.name = "ChunkLoadError";
        void Promise.reject(err);
      });
    await mark(page);
    const reloaded = page.waitForEvent("load");
    await raise();
    await reloaded;
    await waitForApp(page);
    expect(await sameDocument(page)).toBe(false);

    await mark(page);
    await raise();
    await page.waitForTimeout(1_000);
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe("design review screenshots", () => {
  test.skip(!shotsDir, "set PAGES_SCREENSHOTS=<dir> to take them");
  for (const width of [360, 1440]) {
    test(`pages at ${width} px`, async ({ page, wallet }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await expect(page.getByTestId("landing-block-number")).toBeVisible();
      await page.screenshot({ path: `${shotsDir}/landing-${width}.png`, fullPage: true });
      await page.goto("/no/such/page");
      await expect(page.getByTestId("error-message")).toBeVisible();
      await page.screenshot({ path: `${shotsDir}/404-${width}.png`, fullPage: true });
      await page.goto("/K7M3PQ9X");
      await expect(page.getByTestId("invite-note")).toBeVisible();
      await page.screenshot({ path: `${shotsDir}/ref-${width}.png` });
      await wallet.install(page, { account: 4 });
      await signIn(page, { next: "/testnet" });
      await page.reload();
      await expect(page.getByTestId("testnet-block-number")).toBeVisible();
      await page.screenshot({ path: `${shotsDir}/testnet-${width}.png`, fullPage: true });
      await page.goto("/swap");
      await page.screenshot({ path: `${shotsDir}/swap-${width}.png` });
    });
  }
});

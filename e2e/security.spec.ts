import type { Page } from "@playwright/test";
import { expect, freshAccount, gotoApp, signIn, test, waitForApp } from "./fixtures";

/**
 * Issue 10 in the browser: a strict Content-Security-Policy on every page that breaks nothing
 * (no violation on any page, signed out or in, nor in the open modal), the other security headers,
 * safe redirects after sign-in, and malformed paths answered without a 500.
 */

type Violation = { directive: string; blocked: string; sample: string };

/** Records CSP violations (the browser's own report) and CSP console errors from the first byte on. */
async function watchCsp(page: Page): Promise<{ violations: () => Promise<Violation[]>; console: string[] }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: Violation[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__cspViolations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  const console: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  return {
    console,
    violations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []),
  };
}

const SIGNED_OUT = ["/", "/connect", "/docs/api", "/ABCDEFGH", "/explorer", "/no/such/page", "/nope"];
const SIGNED_IN = [
  "/",
  "/faq",
  "/news",
  "/news/aurum-testnet-is-live",
  "/swap",
  "/task",
  "/stake",
  "/wallet",
  "/airdrop",
  "/friends",
  "/rewards",
  "/support",
  "/testnet",
  "/explorer/block/1",
];

async function expectStrictCsp(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res, path).not.toBeNull();
  const headers = res!.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${path} has a CSP`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
}

test.describe("Content-Security-Policy", () => {
  test("every signed-out page loads with no CSP violation", async ({ page }) => {
    const csp = await watchCsp(page);
    for (const path of SIGNED_OUT) {
      await expectStrictCsp(page, path);
      await waitForApp(page);
      expect(await csp.violations(), path).toEqual([]);
    }
    // The connect modal, open.
    await gotoApp(page, "/connect");
    await page.getByRole("main").getByRole("button", { name: "Connect wallet" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await csp.violations()).toEqual([]);
    expect(csp.console).toEqual([]);
  });

  test("every signed-in page and the open account modal load with no CSP violation", async ({
    page,
    wallet,
  }) => {
    // Every signed-in page in turn: ~45 s on a slow 2-core CI machine, near the default 60 s.
    test.setTimeout(150_000);
    await wallet.install(page, { privateKey: await freshAccount() });
    const csp = await watchCsp(page);
    await signIn(page, { next: "/" });
    for (const path of SIGNED_IN) {
      await expectStrictCsp(page, path);
      await waitForApp(page);
      expect(await csp.violations(), path).toEqual([]);
    }
    await page.getByTestId("account-chip").click();
    const modal = page.getByRole("dialog", { name: "Account" });
    await expect(modal.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
    await modal.getByRole("tab", { name: "Activity" }).click();
    expect(await csp.violations()).toEqual([]);
    expect(csp.console).toEqual([]);
  });

  test("the policy is enforced: an injected script without the nonce does not run", async ({ page }) => {
    const csp = await watchCsp(page);
    await gotoApp(page, "/connect");
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __injected?: boolean };
      const s = document.createElement("div");
      s.innerHTML = '<img src="x" onerror="window.__injected = true">';
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 300));
      return w.__injected === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(async () => (await csp.violations()).map((v) => v.directive))
      .toContain("script-src-attr");
  });
});

test.describe("redirects after sign-in stay on this site", () => {
  test("server and client redirects refuse protocol-relative spellings of next", async ({ page, wallet }) => {
    await wallet.install(page, { privateKey: await freshAccount() });
    // Client side: the modal signs in on /connect and the page moves on to `next`.
    await gotoApp(page, `/connect?next=${encodeURIComponent("/.//evil.example")}`);
    await page.getByRole("main").getByRole("button", { name: "Connect wallet" }).click();
    const modal = page.getByRole("dialog");
    await modal.getByRole("button", { name: /Aurum Test Wallet/ }).click();
    await modal.getByRole("button", { name: "Sign", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);

    // Server side, signed in: /connect answers a redirect to a same-site path.
    for (const next of ["/.//evil.example", "/%2e%2e//evil", "//evil", "/\\evil", "/\t/evil"]) {
      const res = await page.request.get(`/connect?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
      expect(res.status(), next).toBe(307);
      expect(res.headers().location, next).toBe("/");
    }
  });
});

test.describe("malformed paths", () => {
  test("a malformed %-escape is a 404 page or a 400 JSON error, never a 500", async ({ request }) => {
    for (const path of ["/news/%E0%A4%A", "/%E0%A4%A", "/explorer/tx/%ZZ", "/support/tickets/%C0"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(404);
      expect(await res.text()).toContain("Go back home");
    }
    const api = await request.get("/api/account/%E0%A4%A/balance");
    expect(api.status()).toBe(400);
    expect(await api.json()).toEqual({
      error: { code: "INVALID_ENCODING", message: "The request path has a malformed %-escape." },
    });
  });
});

test.describe("sign out everywhere", () => {
  for (const width of [390, 1280]) {
    test(`the account view's button ends the wallet's sessions on every device (${width} px)`, async ({
      browser,
      wallet,
    }) => {
      const key = await freshAccount();
      const phone = await browser.newPage({ viewport: { width, height: 900 } });
      const laptop = await browser.newPage();
      await wallet.install(phone, { privateKey: key });
      await wallet.install(laptop, { privateKey: key });
      await signIn(phone, { next: "/" });
      await signIn(laptop, { next: "/" });
      expect((await laptop.request.get("/api/auth/session")).status()).toBe(200);

      await phone.getByTestId("account-chip").click();
      const modal = phone.getByRole("dialog", { name: "Account" });
      await modal.getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(modal).toBeHidden();
      await expect(phone.getByRole("button", { name: "Connect wallet" }).first()).toBeVisible();
      expect((await phone.request.get("/api/auth/session")).status()).toBe(401);
      expect((await laptop.request.get("/api/auth/session")).status()).toBe(401);
      await laptop.goto("/wallet");
      await expect(laptop).toHaveURL(/\/connect\?next=%2Fwallet$/);
      await phone.close();
      await laptop.close();
    });
  }
});

import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { connectUrlFor, isProtectedPath, ROUTES } from "../src/lib/routes";
import { axeViolations } from "./axe";
import {
  animationsSettled,
  expect,
  freshAccount,
  installWallet,
  OPERATOR_KEYS,
  signIn,
  test,
  waitForApp,
} from "./fixtures";

/**
 * Issue 18, "Done when": axe (WCAG 2.1 A/AA) over every page, signed out and signed in, at 390 and
 * 1280 px, with the wallet modal and every error state open, reports zero violations. The pages come
 * from the route registry (src/lib/routes.ts) and from the page files under src/app, so a new page
 * cannot be missed: the first test fails until it has an address here. Besides the WCAG tags, the
 * experimental `label-content-name-mismatch` runs too (Lighthouse's audit of WCAG 2.5.3; e2e/axe.ts).
 *
 * One browser context per signed-in state; both widths are scanned on the same load (the viewport
 * is resized, the layout follows its media queries), which keeps the whole file near a minute.
 */

// Generous per test: a long page (/docs/api lists every API operation) takes a while to scan on a busy machine.
test.describe.configure({ mode: "parallel", timeout: 120_000 });

const WIDTHS = [390, 1280] as const;
const APP_DIR = path.join(import.meta.dirname, "../src/app");

/** A sample address for every page file whose route has a dynamic segment or lies below a registry route. */
const DEPLOYER = privateKeyToAccount(ANVIL_KEYS[0]).address;
const SAMPLE: Record<string, string> = {
  "/[ref]": "/K7M3PQ9X",
  "/[ref]/[...rest]": "/K7M3PQ9X/extra",
  "/airdrop/verify": "/airdrop/verify",
  "/explorer/address/[address]": `/explorer/address/${DEPLOYER}`,
  "/explorer/block/[number]": "/explorer/block/1",
  // The no-match answer is the search page's error state (issue 18 item 8).
  "/explorer/search": "/explorer/search?q=nothing-here",
  "/explorer/tx/[hash]": "TX", // the deployment's first transaction, read from the chain
  "/news/[slug]": "/news/faucet-is-open",
  // The API reference's largest group page.
  "/docs/api/[tag]": "/docs/api/admin",
  "/support/tickets/[id]": "TICKET", // a ticket this spec opens through the form
  // A signed-out ticket's private page: e2e/support-public.spec.ts opens one through the public form
  // and scans it there (the public form is rate-limited per client; one spec spends it).
  "/connect/ticket/[token]": "PUBLIC_TICKET",
  "/wallet/profile": "/wallet/profile",
  "/admin/airdrop": "/admin/airdrop",
  "/admin/audit": "/admin/audit",
  "/admin/content": "/admin/content",
  "/admin/exports": "/admin/exports",
  "/admin/faucet": "/admin/faucet",
  "/admin/integrity": "/admin/integrity",
  "/admin/participants": "/admin/participants",
  "/admin/participants/[address]": `/admin/participants/${DEPLOYER}`,
  "/admin/settings": "/admin/settings",
  "/admin/staff": "/admin/staff",
  "/admin/support": "/admin/support",
  "/admin/tasks": "/admin/tasks",
  "/admin/webhooks": "/admin/webhooks",
};

/** Route patterns of every page.tsx under src/app, route groups `(x)` left out. */
function pagePatterns(dir = APP_DIR, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") out.push(prefix || "/");
    // src/app/api holds route handlers, not pages (src/app/docs/api is a page).
    if (!entry.isDirectory() || (dir === APP_DIR && entry.name === "api")) continue;
    const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
    out.push(...pagePatterns(path.join(dir, entry.name), prefix + segment));
  }
  return out;
}

const registryPaths: string[] = Object.values(ROUTES).map((r) => r.path);
const isAdmin = (url: string) => url === ROUTES.admin.path || url.startsWith(`${ROUTES.admin.path}/`);

/** Every page's sample address: the registry's paths, then the SAMPLE table. */
function allPages(): string[] {
  return [...new Set(pagePatterns())].map((p) => (registryPaths.includes(p) ? p : (SAMPLE[p] ?? p)));
}

type Finding = string;

/** axe at both widths on the loaded page; returns "where @width: rule (impact) targets" lines. */
async function scan(page: Page, where: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: the resize is laid out before axe reads colours and sizes.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // A view fading in has its final colours only at the end (a "modal Sign in" contrast finding
    // once, mid-fade).
    await animationsSettled(page);
    for (const v of await axeViolations(page)) {
      const nodes = v.nodes.map((n) => n.target.join(" ")).join(" | ");
      findings.push(`${where} @${width}: ${v.id} (${v.impact}) ${nodes}`);
    }
  }
  return findings;
}

/** Loads a page at 1280 px and waits for hydration and for its skeletons to go. */
async function open(page: Page, url: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  await waitForApp(page);
  await settle(page);
}

async function settle(page: Page) {
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 30_000 });
}

async function newContext(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

/** The first transaction on the chain (the deployment), for the explorer's transaction page. */
async function firstTxHash(): Promise<string> {
  for (let n = 1; n < 20; n++) {
    const res = await fetch(process.env.E2E_ANVIL_URL as string, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_getBlockByNumber",
        params: [`0x${n.toString(16)}`, false],
      }),
    });
    const { result } = (await res.json()) as { result: { transactions: string[] } | null };
    if (result?.transactions[0]) return result.transactions[0];
  }
  throw new Error("no transaction in the first blocks");
}

test("every page file has an address in this spec", () => {
  const patterns = pagePatterns();
  const missing = patterns.filter((p) => !registryPaths.includes(p) && !(p in SAMPLE));
  expect(missing, "add the new page to SAMPLE in e2e/a11y-all.spec.ts").toEqual([]);
  // And every registry route has a page file (the registry cannot name a page that is not there).
  expect(registryPaths.filter((p) => !patterns.includes(p))).toEqual([]);
});

/** One signed-in (or signed-out) browser context per worker for a describe block. */
function sharedPage(signInWith?: () => Promise<`0x${string}`>) {
  const state: { page?: Page; close?: () => Promise<void> } = {};
  test.beforeAll(async ({ browser }) => {
    const { context, page } = await newContext(browser);
    if (signInWith) {
      await installWallet(page, { privateKey: await signInWith() });
      await signIn(page, { next: "/" });
    }
    state.page = page;
    state.close = () => context.close();
  });
  test.afterAll(async () => state.close?.());
  return () => state.page as Page;
}

const resolve = async (url: string) => (url === "TX" ? `/explorer/tx/${await firstTxHash()}` : url);

test.describe("signed out", () => {
  const page = sharedPage();

  for (const url of allPages().filter((u) => !isAdmin(u) && u !== "TICKET" && u !== "PUBLIC_TICKET")) {
    test(`${url}${isProtectedPath(url.split("?")[0]!) ? " (redirects to /connect)" : ""}`, async () => {
      const target = await resolve(url);
      await open(page(), target);
      const at = new URL(page().url());
      if (isProtectedPath(new URL(target, "http://x").pathname)) {
        expect(at.pathname + at.search).toBe(connectUrlFor(target));
        return; // /connect itself is scanned once, as a page
      }
      expect(await scan(page(), target)).toEqual([]);
    });
  }

  test("the console sends a visitor away; the 404 pages", async () => {
    const findings: Finding[] = [];
    await open(page(), ROUTES.admin.path);
    findings.push(...(await scan(page(), `${ROUTES.admin.path} (signed out)`)));
    // An unmatched path, and a single segment that is not a referral code.
    for (const url of ["/no/such/page", "/hello"]) {
      await open(page(), url);
      await expect(page().getByRole("heading", { level: 1, name: "404" })).toBeVisible();
      findings.push(...(await scan(page(), url)));
    }
    expect(findings).toEqual([]);
  });
});

test("the wallet modal: Connect, a rejected connection, Sign in, a rejected signature", async ({ page }) => {
  const findings: Finding[] = [];
  const wallet = await installWallet(page, { privateKey: await freshAccount(), rejectConnect: true });
  await open(page, "/");
  await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
  const modal = page.getByRole("dialog");
  await expect(modal.getByRole("button", { name: "Aurum Test Wallet" })).toBeVisible();
  findings.push(...(await scan(page, "modal Connect")));
  await modal.getByRole("button", { name: "Aurum Test Wallet" }).click();
  await expect(modal.getByRole("alert")).toBeVisible();
  findings.push(...(await scan(page, "modal connection rejected")));
  wallet.rejectConnect = false;
  wallet.rejectSignatures = true;
  await modal.getByRole("button", { name: "Try again" }).click();
  const sign = page.getByRole("dialog", { name: "Sign in" });
  await expect(sign).toBeVisible();
  findings.push(...(await scan(page, "modal Sign in")));
  await sign.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(sign.getByRole("alert")).toBeVisible();
  findings.push(...(await scan(page, "modal signature rejected")));
  expect(findings).toEqual([]);
});

test.describe("signed in", () => {
  const page = sharedPage(() => freshAccount());

  for (const url of allPages().filter((u) => !isAdmin(u) && u !== "TICKET" && u !== "PUBLIC_TICKET")) {
    test(url, async () => {
      const target = await resolve(url);
      await open(page(), target);
      if (isProtectedPath(new URL(target, "http://x").pathname)) {
        expect(new URL(page().url()).pathname).not.toBe(ROUTES.connect.path);
      }
      expect(await scan(page(), target)).toEqual([]);
    });
  }

  test("the modal's account view", async () => {
    await open(page(), "/wallet");
    await page().getByTestId("account-chip").click();
    await expect(page().getByRole("dialog")).toBeVisible();
    await settle(page());
    const findings = await scan(page(), "modal Account");
    await page().keyboard.press("Escape");
    expect(findings).toEqual([]);
  });

  test("/swap errors: an amount beyond the balance, an out-of-range custom slippage", async () => {
    const p = page();
    await open(p, "/swap");
    await p.getByTestId("swap-from-amount").fill("99999999");
    await expect(p.getByTestId("swap-from-error")).toBeVisible();
    await p.getByTestId("swap-settings-toggle").click();
    await p.getByLabel("Custom slippage in percent").fill("60");
    await expect(p.locator("[role=alert]").nth(1)).toBeVisible();
    expect(await scan(p, "/swap errors")).toEqual([]);
  });

  test("/stake errors: a zero amount", async () => {
    const p = page();
    await open(p, "/stake");
    const pool = p.getByTestId("stake-pool-WAURUM");
    await pool.getByTestId("stake-amount").fill("0");
    await expect(pool.getByTestId("stake-amount-error")).toBeVisible();
    expect(await scan(p, "/stake errors")).toEqual([]);
  });

  test("/wallet send errors: nothing typed, then a malformed receiver", async () => {
    const p = page();
    const findings: Finding[] = [];
    await open(p, "/wallet");
    await p.getByTestId("send-submit").click();
    await expect(p.locator("form [role=alert]").first()).toBeVisible();
    findings.push(...(await scan(p, "/wallet send empty")));
    await p.getByTestId("send-amount").fill("1");
    await p.getByTestId("send-receiver").fill("0x1234");
    await p.getByTestId("send-submit").click();
    await expect(p.getByText('Address "0x1234" is invalid.')).toBeVisible();
    findings.push(...(await scan(p, "/wallet send bad address")));
    expect(findings).toEqual([]);
  });

  test("/testnet faucet refusal (a fresh account already holds enough)", async () => {
    const p = page();
    await open(p, "/testnet");
    await p.getByTestId("faucet-claim-button").click();
    await expect(p.getByTestId("faucet-error")).toBeVisible({ timeout: 30_000 });
    expect(await scan(p, "/testnet faucet refused")).toEqual([]);
  });

  test("/support errors, the sent toast and the ticket's page", async () => {
    const p = page();
    const findings: Finding[] = [];
    await open(p, "/support");
    const form = p.getByTestId("support-form");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Transaction hash (optional)").fill("0x1234");
    await form.getByRole("button", { name: "Send ticket" }).click();
    await expect(form.locator("[aria-invalid=true]").first()).toBeVisible();
    findings.push(...(await scan(p, "/support errors")));
    const subject = `Accessibility check ${Date.now()}`;
    await form.getByLabel("Email").fill("ada@example.org");
    await form.getByLabel("Category").selectOption({ index: 1 });
    await form.getByLabel("Subject").fill(subject);
    await form.getByLabel("Message").fill("Checking that the support pages read well with a screen reader.");
    await form.getByLabel("Transaction hash (optional)").fill("");
    await form.getByRole("button", { name: "Send ticket" }).click();
    await expect(p.locator(".Toastify__toast").first()).toBeVisible();
    findings.push(...(await scan(p, "/support ticket sent (toast)")));
    const href = await p
      .getByTestId("ticket")
      .filter({ hasText: subject })
      .getByRole("link", { name: subject })
      .getAttribute("href");
    await open(p, href as string);
    findings.push(...(await scan(p, "/support/tickets/[id]")));
    expect(findings).toEqual([]);
  });
});

test.describe("operator", () => {
  const page = sharedPage(async () => OPERATOR_KEYS.integrity);

  for (const url of allPages().filter(isAdmin)) {
    test(url, async () => {
      await open(page(), url);
      expect(new URL(page().url()).pathname).toBe(new URL(url, "http://x").pathname);
      expect(await scan(page(), url)).toEqual([]);
    });
  }
});

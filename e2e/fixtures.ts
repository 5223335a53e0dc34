import { test as base, expect, type Page } from "@playwright/test";
import { type Hex, parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { signInOverHttp } from "../test/siwe-http";
import { defaultAnvilUrl, TestWallet, type TestWalletOptions } from "./test-wallet/wallet";

export { OPERATOR_KEYS } from "./operators";
export { TestWallet } from "./test-wallet/wallet";
export { expect };

/** Anvil dev keys 2..9 are for users (0 deploys, 1 runs the faucet). */
export const USER_ACCOUNTS = [2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * `account` picks an Anvil dev key (2..9); `privateKey` brings any key, e.g. one from
 * `freshAccount()` for a test that needs a user nobody else has signed in with.
 */
export type InstallOptions = Omit<TestWalletOptions, "privateKey"> & { account?: number; privateKey?: Hex };

export type WalletFixture = {
  /** Injects the test wallet into `page` (before its first navigation). */
  install(page: Page, opts?: InstallOptions): Promise<TestWallet>;
  /** The wallet installed into `page`, if any. */
  of(page: Page): TestWallet | undefined;
};

const installed = new WeakMap<Page, TestWallet>();

function keyFor(account = 2) {
  if (!USER_ACCOUNTS.includes(account as (typeof USER_ACCOUNTS)[number])) {
    throw new Error(`test wallet account must be one of ${USER_ACCOUNTS.join(", ")} (got ${account})`);
  }
  return ANVIL_KEYS[account]!;
}

/**
 * A new random account with 100 native coins (or `native`), so a spec never depends on which spec
 * ran first. Faucet claimants get little: the faucet refuses wallets that already hold enough.
 */
export async function freshAccount(opts: { native?: string } = {}): Promise<Hex> {
  const key = generatePrivateKey();
  const res = await fetch(defaultAnvilUrl(), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "anvil_setBalance",
      params: [privateKeyToAccount(key).address, toHex(parseEther(opts.native ?? "100"))],
    }),
  });
  if (!res.ok) throw new Error(`anvil_setBalance failed: HTTP ${res.status}`);
  return key;
}

export async function installWallet(page: Page, opts: InstallOptions = {}): Promise<TestWallet> {
  const { account, privateKey, ...rest } = opts;
  const wallet = await new TestWallet({ privateKey: privateKey ?? keyFor(account), ...rest }).install(page);
  installed.set(page, wallet);
  return wallet;
}

export const test = base.extend<{ wallet: WalletFixture }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here
  wallet: async ({}, use) => {
    const wallets: TestWallet[] = [];
    await use({
      async install(page, opts) {
        const w = await installWallet(page, opts);
        wallets.push(w);
        return w;
      },
      of: (page) => installed.get(page),
    });
    // Whatever the test did, the app must never have asked for eth_sign.
    for (const w of wallets) expect(w.methods(), "the app called eth_sign").not.toContain("eth_sign");
  },
});

/** The first 4 and last 4 hex digits, as the header's account chip shows them. */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * Waits for the page's running transitions and animations to end (a dialog's fade-in, a view's
 * slide), leaving out endless ones (loading pulses, spinners): what axe reads mid-fade is a blend of
 * colours no one sees for long, and a box measured mid-slide is not where it comes to rest.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        // A cancelled one (its element removed) rejects: it has ended all the same.
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Waits until React has hydrated the page (`<html data-hydrated>`) and, when the page loads the wallet
 * runtime (signed in, or a page that reads the chain: `data-wallet-wanted`), until it is ready
 * (`data-wallet-ready`). A signed-out page without wallet content loads the runtime only on intent.
 */
export async function waitForApp(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
  if (await page.locator("html[data-wallet-wanted]").count())
    await page.locator("html[data-wallet-ready]").waitFor({ state: "attached", timeout: 60_000 });
}

/** Navigates and waits for hydration, so the first click is not lost on server-rendered markup. */
export async function gotoApp(page: Page, url: string) {
  await page.goto(url);
  await waitForApp(page);
}

/** A `fetch` whose requests the page's browser context makes (page.request): same cookie jar. */
function contextFetch(page: Page): typeof fetch {
  return async (input, init) => {
    const res = await page.request.fetch(String(input), {
      method: init?.method ?? "GET",
      headers: init?.headers as Record<string, string> | undefined,
      data: typeof init?.body === "string" ? init.body : undefined,
    });
    const headers = new Headers();
    for (const { name, value } of res.headersArray()) headers.append(name, value);
    return new Response(await res.text(), { status: res.status(), headers });
  };
}

/**
 * Signs in for a spec whose subject is not signing in: the SIWE exchange the modal makes (nonce,
 * EIP-4361 message, signature, verify; test/siwe-http.ts), signed with the page's wallet key and sent
 * from the page's browser context, with the wallet marked as connected to the site before (a
 * returning visitor). Then `next` loads, the header shows the account and the app has reconnected
 * the wallet. Installs a wallet into the page when it has none. One page load, where the modal's
 * sign-in takes two and its steps (about 70 sign-ins in the suite). The modal's own sign-in is what
 * auth.spec (`signInThroughModal`), the modal, wallet-modal-* and a11y specs test.
 */
export async function signIn(
  page: Page,
  opts: { account?: number; next?: string } = {},
): Promise<TestWallet> {
  const wallet = installed.get(page) ?? (await installWallet(page, { account: opts.account }));
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error("signIn needs the project's baseURL (playwright.config.ts)");
  // Through the page's browser context: its cookies go along (a referral code stored by /:ref binds
  // a new user at the first sign-in) and the session cookie comes back into it.
  await signInOverHttp(base, base, { account: wallet.account, fetch: contextFetch(page) });
  wallet.authorize();
  await gotoApp(page, opts.next ?? "/");
  await expect(page.getByTestId("account-chip")).toContainText(shortAddress(wallet.address));
  // wagmi stores the connection it restored (the "aurum.wallet" cookie storage, src/wallet-modal/
  // config.ts) once it has it: from then on, a form sees a connected wallet.
  await expect
    .poll(async () => {
      const stored = (await page.context().cookies(base)).find((c) => c.name === "aurum.wallet.store");
      return decodeURIComponent(stored?.value ?? "").toLowerCase();
    })
    .toContain(wallet.address.toLowerCase());
  return wallet;
}

/**
 * Signs in through the real UI: /connect?next=…, pick the test wallet, sign the SIWE message, and
 * wait until the header shows the account chip and the browser is on `next`. Installs a wallet into
 * the page first when it has none yet.
 */
export async function signInThroughModal(
  page: Page,
  opts: { account?: number; next?: string } = {},
): Promise<TestWallet> {
  const wallet = installed.get(page) ?? (await installWallet(page, { account: opts.account }));
  const next = opts.next ?? "/";
  await gotoApp(page, `/connect?next=${encodeURIComponent(next)}`);
  await page.getByRole("main").getByRole("button", { name: "Connect wallet" }).click();
  const modal = page.getByRole("dialog");
  await modal.getByRole("button", { name: /Aurum Test Wallet/ }).click();
  await modal.getByRole("button", { name: "Sign", exact: true }).click();
  // Generous: the first sign-in compiles the auth routes under `next dev`.
  await expect(modal).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId("account-chip")).toContainText(shortAddress(wallet.address), {
    timeout: 30_000,
  });
  const target = new URL(next, "http://x");
  await page.waitForURL((url) => url.pathname === target.pathname, { timeout: 30_000 });
  // Landing on `next` may be a full page load: wait for hydration as gotoApp does, or the caller's
  // first click can land on server-rendered markup and be lost.
  await waitForApp(page);
  return wallet;
}

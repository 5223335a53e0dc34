import type { Page } from "@playwright/test";
import { expect, freshAccount, shortAddress, signIn, test, waitForApp } from "./fixtures";
import { expectModalAxeClean } from "./wallet-modal-axe";

// ProfileWallets with two wallets in one browser (issue 15): switch the active account; an address
// without a session is asked to sign in; the server session follows the active address.
test.describe.configure({ timeout: 150_000 });

const SECOND_WALLET = {
  uuid: "9a0c3f4e-1d2b-4c5a-8e6f-7a8b9c0d1e2f",
  name: "Second Test Wallet",
  icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'><rect width='8' height='8' fill='%233fb37f'/></svg>",
  rdns: "dev.aurum.secondwallet",
};

async function sessionAddress(page: Page): Promise<string | null> {
  const res = await page.request.get("/api/auth/session");
  return res.ok() ? ((await res.json()) as { address: string }).address.toLowerCase() : null;
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("switching between two wallets' accounts asks each to sign in; the session follows", async ({
      page,
      wallet,
    }) => {
      const a = await wallet.install(page, { privateKey: await freshAccount() });
      await signIn(page);
      expect(await sessionAddress(page)).toBe(a.address.toLowerCase());

      // A second wallet extension appears (installed for the next page load).
      const b = await wallet.install(page, { privateKey: await freshAccount(), info: SECOND_WALLET });
      await page.reload();
      await waitForApp(page);
      const chip = page.getByTestId("account-chip");
      await expect(chip).toContainText(shortAddress(a.address));

      // Add B from "Your wallets": connect it, sign in with it.
      await chip.click();
      await page.getByRole("dialog").getByRole("button", { name: "Your wallets" }).click();
      const yours = page.getByRole("dialog", { name: "Your wallets" });
      await expectModalAxeClean(page);
      await yours.getByRole("button", { name: "Add another wallet" }).click();
      await page
        .getByRole("dialog", { name: "Connect a wallet" })
        .getByRole("button", { name: /Second Test Wallet/ })
        .click();
      const sign = page.getByRole("dialog", { name: "Sign in" });
      await expect(sign).toBeVisible();
      // Not yet signed in as B: the session is still A's.
      expect(await sessionAddress(page)).toBe(a.address.toLowerCase());
      await sign.getByRole("button", { name: "Sign", exact: true }).click();
      await expect(sign).toBeHidden({ timeout: 30_000 });
      await expect(chip).toContainText(shortAddress(b.address));
      expect(await sessionAddress(page)).toBe(b.address.toLowerCase());
      expect(b.methods()).toContain("personal_sign");

      // Both accounts are listed: B active and signed in, A connected.
      await chip.click();
      await page.getByRole("dialog").getByRole("button", { name: "Your wallets" }).click();
      const rows = yours.getByRole("list", { name: "Connected accounts" }).getByRole("listitem");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute("data-status", "active");
      await expect(rows.nth(0)).toContainText(shortAddress(b.address));
      await expect(rows.nth(0)).toContainText("signed in");
      await expect(rows.nth(1)).toHaveAttribute("data-status", "connected");
      await expect(rows.nth(1)).toContainText(shortAddress(a.address));
      await expect(rows.nth(1)).toContainText("Aurum Test Wallet");
      await expectModalAxeClean(page);

      // Use A: it has no session now, so it is asked to sign in; the session follows once it does.
      const signsBefore = a.methods().filter((m) => m === "personal_sign").length;
      await rows
        .nth(1)
        .getByRole("button", { name: `Use ${shortAddress(a.address)}` })
        .click();
      await expect(sign).toBeVisible();
      expect(await sessionAddress(page)).toBe(b.address.toLowerCase());
      await sign.getByRole("button", { name: "Sign", exact: true }).click();
      await expect(sign).toBeHidden({ timeout: 30_000 });
      await expect(chip).toContainText(shortAddress(a.address));
      expect(await sessionAddress(page)).toBe(a.address.toLowerCase());
      expect(a.methods().filter((m) => m === "personal_sign").length).toBe(signsBefore + 1);
    });
  });
}

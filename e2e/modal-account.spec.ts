import { expectNoSeriousAxe } from "./axe";
import { animationsSettled, expect, freshAccount, shortAddress, signIn, test } from "./fixtures";

// The wallet modal's Account and ProfileWallets views, and the profile email page (issue 15).
// Generous per-test time: several browser tests share two cores with the app server and the chain.
test.describe.configure({ timeout: 120_000 });

const MODAL = { include: "[data-testid=wallet-modal]" };

async function rpc(method: string, params: unknown[]) {
  const res = await fetch(process.env.E2E_ANVIL_URL as string, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result: unknown };
  return body.result;
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("account: wallet features, receive QR, explorer link, recent transactions from this browser", async ({
      page,
      wallet,
    }) => {
      const w = await wallet.install(page, { privateKey: await freshAccount() });
      await signIn(page);
      // A real transaction on the chain, recorded as pending the way recordTransaction() does.
      await rpc("anvil_impersonateAccount", [w.address]);
      const hash = (await rpc("eth_sendTransaction", [
        { from: w.address, to: w.address, value: "0x1" },
      ])) as string;
      await page.evaluate(
        (h) =>
          localStorage.setItem(
            "aurum.transactions",
            JSON.stringify([{ hash: h, label: "Test transfer", status: "pending", at: Date.now() }]),
          ),
        hash,
      );

      const chip = page.getByTestId("account-chip");
      await chip.click();
      const modal = page.getByRole("dialog", { name: "Account" });
      const features = modal.getByRole("navigation", { name: "Wallet features" });
      await expect(features.getByRole("link", { name: /Get test coins/ })).toHaveAttribute(
        "href",
        "/testnet",
      );
      await expect(features.getByRole("link", { name: /Swap/ })).toHaveAttribute("href", "/swap");
      await expect(features.getByRole("link", { name: /Send/ })).toHaveAttribute("href", "/wallet");
      await expect(modal.getByRole("link", { name: /View address/ })).toHaveAttribute(
        "href",
        new RegExp(`/address/${w.address}$`),
      );
      await features.getByRole("button", { name: /Receive/ }).click();
      await expect(modal.getByTestId("account-receive-qr")).toBeVisible();

      const tabs = modal.getByRole("tablist", { name: "Account" });
      await expect(tabs.getByRole("tab")).toHaveText(["Tokens", "Activity", "Recent"]);
      await tabs.getByRole("tab", { name: "Recent" }).click();
      const row = modal.getByTestId("recent-tx").getByRole("listitem").first();
      await expect(row).toContainText("Test transfer");
      // The receipt is found on the chain: pending turns confirmed.
      await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "confirmed", {
        timeout: 20_000,
      });
      await expectNoSeriousAxe(page, MODAL);

      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
      await expect(chip).toBeFocused();
    });

    test("account: nothing moves when the tabs arrive after the view opened (a tap lands where it was aimed)", async ({
      page,
      wallet,
    }) => {
      await wallet.install(page, { privateKey: await freshAccount() });
      await signIn(page);
      // Every chunk fetched from now on (the view's, the tabs') arrives 1.5 s late, so the view is
      // measured before its tabs are there.
      await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await route.continue();
      });
      await page.getByTestId("account-chip").click();
      const modal = page.getByRole("dialog", { name: "Account" });
      const copy = modal.getByRole("button", { name: "Copy address" });
      const signOut = modal.getByRole("button", { name: "Sign out", exact: true });
      await expect(copy).toBeVisible();
      const tokens = modal.getByRole("tab", { name: "Tokens" });
      // The dialog's opening transition done (not the loading pulse, which never ends).
      await animationsSettled(page);
      expect(await tokens.count(), "the tabs have not arrived yet").toBe(0);
      const before = { copy: await copy.boundingBox(), signOut: await signOut.boundingBox() };

      await expect(tokens).toBeVisible();
      await expect(modal.getByRole("tabpanel", { name: "Tokens" }).getByText("AURUM").first()).toBeVisible();
      expect({ copy: await copy.boundingBox(), signOut: await signOut.boundingBox() }).toEqual(before);
    });

    test("your wallets: active account signed in, a known one disconnected, forget, disconnect all", async ({
      page,
      wallet,
    }) => {
      const w = await wallet.install(page, { privateKey: await freshAccount() });
      await signIn(page);
      const other = "0x00000000000000000000000000000000000000a1";
      await page.evaluate(
        ([address]) => {
          const known = JSON.parse(localStorage.getItem("aurum.knownAccounts") ?? "[]");
          known.push({ address, connectorId: "io.metamask", walletName: "MetaMask" });
          localStorage.setItem("aurum.knownAccounts", JSON.stringify(known));
        },
        [other],
      );
      await page.getByTestId("account-chip").click();
      await page.getByRole("dialog").getByRole("button", { name: "Your wallets" }).click();
      const modal = page.getByRole("dialog", { name: "Your wallets" });
      const rows = modal.getByRole("list", { name: "Connected accounts" }).getByRole("listitem");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute("data-status", "active");
      await expect(rows.nth(0)).toContainText(shortAddress(w.address));
      await expect(rows.nth(0)).toContainText("signed in");
      await expect(rows.nth(1)).toHaveAttribute("data-status", "disconnected");
      await expectNoSeriousAxe(page, MODAL);
      // Its wallet is not installed here: connecting explains that.
      await rows
        .nth(1)
        .getByRole("button", { name: /Use|Connect/ })
        .click();
      await expect(modal.getByRole("alert")).toContainText("MetaMask is not installed");
      await rows
        .nth(1)
        .getByRole("button", { name: /Forget/ })
        .click();
      await expect(rows).toHaveCount(1);

      await modal.getByRole("button", { name: "Disconnect all and sign out" }).click();
      await expect(modal).toBeHidden();
      await expect(page.getByRole("banner").getByRole("button", { name: "Connect wallet" })).toBeVisible();
      expect((await page.request.get("/api/auth/session")).status()).toBe(401);
    });

    test("profile page: the email is saved unverified without SMTP, with the seed's messages", async ({
      page,
      wallet,
    }) => {
      await wallet.install(page, { privateKey: await freshAccount() });
      await signIn(page, { next: "/wallet/profile" });
      await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
      const input = page.getByTestId("profile-email-input");
      await input.fill("not an email");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please enter a valid email");
      await input.fill("ada@example.org");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Not verified: this portal does not send mail")).toBeVisible();
      await page.reload();
      await expect(page.getByTestId("profile-email-input")).toHaveValue("ada@example.org");
      await expectNoSeriousAxe(page, { include: "main" });
    });
  });
}

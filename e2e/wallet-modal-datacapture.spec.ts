import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { generatePrivateKey } from "viem/accounts";
import { expect, TestWallet, test } from "./fixtures";
import { expectModalAxeClean } from "./wallet-modal-axe";

// The wallet modal's DataCapture view (issue 15) with EMAIL_CAPTURE=optional and =required. The
// shared e2e server runs with the default (off) for every other spec, so this file starts its own
// servers (e2e/server.ts: own chain, own database) on free loopback ports.
test.describe.configure({ mode: "serial", timeout: 300_000 });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

type Server = { url: string; anvilUrl: string; stop: () => Promise<void> };

async function startServer(emailCapture: "optional" | "required"): Promise<Server> {
  const port = await freePort();
  const anvilPort = await freePort();
  const dataDir = path.join(os.tmpdir(), `aurum-e2e-capture-${port}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    E2E_PORT: String(port),
    E2E_ANVIL_PORT: String(anvilPort),
    E2E_ANVIL_URL: `http://127.0.0.1:${anvilPort}`,
    E2E_DATA_DIR: dataDir,
    E2E_DEPLOYMENTS_DIR: path.join(dataDir, "deployments"),
    EMAIL_CAPTURE: emailCapture,
  };
  // No mail: the address stays unverified (the SMTP path has its own integration test).
  delete env.SMTP_URL;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "e2e/server.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 280_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${emailCapture} server exited (${child.exitCode})`);
    const ok = await fetch(`${url}/api/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the ${emailCapture} server did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    anvilUrl: `http://127.0.0.1:${anvilPort}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Connect and sign in through the modal on `server`; the modal then shows DataCapture. */
async function signInTo(page: Page, server: Server) {
  const wallet = await new TestWallet({
    privateKey: generatePrivateKey(),
    anvilUrl: server.anvilUrl,
  }).install(page);
  await page.goto(`${server.url}/connect`);
  await page.locator("html[data-wallet-ready]").waitFor({ state: "attached", timeout: 60_000 });
  await page.getByRole("main").getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Aurum Test Wallet/ })
    .click();
  await page
    .getByRole("dialog", { name: "Sign in" })
    .getByRole("button", { name: "Sign", exact: true })
    .click();
  // /connect moves on to `/` with a full page load; the email step follows there.
  await page.waitForURL((u) => u.pathname === "/", { timeout: 30_000 });
  await page.locator("html[data-wallet-ready]").waitFor({ state: "attached", timeout: 60_000 });
  return wallet;
}

async function savedEmail(page: Page, server: Server): Promise<string | null> {
  const res = await page.request.get(`${server.url}/api/profile/email`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { email: string | null }).email;
}

for (const mode of ["optional", "required"] as const) {
  test.describe(`EMAIL_CAPTURE=${mode}`, () => {
    let server: Server;
    test.beforeAll(async () => {
      // A fresh chain, contracts and database: minutes on a busy machine.
      test.setTimeout(300_000);
      server = await startServer(mode);
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    for (const width of [1280, 390]) {
      test(`at ${width} px: asked for an email after sign-in, the seed's messages, saved`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 860 });
        await signInTo(page, server);
        const modal = page.getByRole("dialog", { name: "Your email" });
        await expect(modal).toBeVisible({ timeout: 30_000 });
        const input = modal.getByTestId("profile-email-input");
        await expect(input).toHaveValue("");
        await expectModalAxeClean(page);

        const close = modal.getByRole("button", { name: "Close" });
        if (mode === "required") {
          await expect(modal.getByRole("button", { name: "Skip" })).toHaveCount(0);
          await expect(close).toBeDisabled();
          await page.keyboard.press("Escape");
          await expect(modal).toBeVisible();
          await modal.getByRole("button", { name: "Save email" }).click();
          await expect(modal.getByRole("alert")).toHaveText("This field is required");
        } else {
          await expect(modal.getByRole("button", { name: "Skip" })).toBeVisible();
          await expect(close).toBeEnabled();
        }
        await input.fill("not an email");
        await modal.getByRole("button", { name: "Save email" }).click();
        await expect(modal.getByRole("alert")).toHaveText("Please enter a valid email");
        await expectModalAxeClean(page);
        await input.fill(`${"a".repeat(250)}@x.org`);
        await modal.getByRole("button", { name: "Save email" }).click();
        await expect(modal.getByRole("alert")).toHaveText("You must enter a maximum of 254 characters");
        expect(await savedEmail(page, server)).toBeNull();

        await input.fill(`ada.${width}@example.org`);
        await modal.getByRole("button", { name: "Save email" }).click();
        await expect(modal).toBeHidden();
        await expect(page.getByText("Email saved (unverified)")).toBeVisible();
        expect(await savedEmail(page, server)).toBe(`ada.${width}@example.org`);
      });
    }

    if (mode === "optional") {
      test("at 390 px: Skip closes without saving", async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 860 });
        await signInTo(page, server);
        const modal = page.getByRole("dialog", { name: "Your email" });
        await modal.getByRole("button", { name: "Skip" }).click();
        await expect(modal).toBeHidden();
        expect(await savedEmail(page, server)).toBeNull();
      });
    }
  });
}

import { scanWalletConnect } from "../bench/lib/walletconnect-scan";
import { expect, gotoApp, test } from "./fixtures";

// Issue 15: "the default build carries no WalletConnect code". The build under test is the one the
// e2e server runs (NEXT_DIST_DIR, default .next). Without WALLETCONNECT_PROJECT_ID at build time the
// plug-in is compiled away (src/wallet-modal/lib/walletconnect-gate.ts); with it, the plug-in is
// there but only in chunks a page fetches after hydration, never in its first load.
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const withPlugin = Boolean(process.env.WALLETCONNECT_PROJECT_ID);

test(`the client chunks ${withPlugin ? "hold" : "hold no"} WalletConnect code`, async () => {
  const { chunks, marked } = scanWalletConnect(distDir);
  expect(chunks).toBeGreaterThan(10);
  if (withPlugin) {
    const markers = new Set(marked.flatMap((c) => c.markers));
    expect([...markers].sort()).toEqual([
      "__aurumWalletConnectProvider",
      "display_uri",
      "relay.walletconnect",
      "wc@2:",
    ]);
  } else {
    expect(marked).toEqual([]);
  }
});

test("a page's first load fetches no WalletConnect code, even with the plug-in built in", async ({
  page,
}) => {
  // The plug-in and its provider; the page's own chunk may hold the gate's one-line check for a stored
  // session ("wc@2:", src/wallet-modal/lib/walletconnect-gate.ts), which is not WalletConnect code.
  const marked = new Set(
    scanWalletConnect(distDir)
      .marked.filter((c) => c.markers.some((m) => m !== "wc@2:"))
      .map((c) => `/_next/static/${c.file}`),
  );
  const fetched: string[] = [];
  page.on("request", (req) => fetched.push(new URL(req.url()).pathname));
  await gotoApp(page, "/");
  await page.waitForLoadState("networkidle");
  expect(fetched.filter((p) => marked.has(p))).toEqual([]);
  if (withPlugin) {
    // Opening the modal brings the plug-in in (its connector, not yet the provider).
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    await expect(page.getByRole("dialog").getByRole("button", { name: /WalletConnect/ })).toBeVisible();
    expect(fetched.filter((p) => marked.has(p)).length).toBeGreaterThan(0);
  }
});

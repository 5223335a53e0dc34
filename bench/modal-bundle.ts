/**
 * `npm run bench:bundle` (second part): the JavaScript (gzip) the wallet modal adds to a page, measured
 * in a real browser against a production server (bench/lib/server.ts: BENCH_URL, or a fresh one on the
 * build in NEXT_DIST_DIR). Loads `/`, waits until the wallet stack is ready, then counts every script
 * fetched on opening the modal, and again on opening "All wallets" (registry JSON and icons are not
 * JavaScript and are reported apart). First, a scan of the build's client chunks for WalletConnect code:
 * none in a default build; in a build with WALLETCONNECT_PROJECT_ID, the plug-in's chunks and their
 * size. Writes bench/results/modal-bundle.json.
 */
import zlib from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/lib/chromium";
import { benchServer, writeResult } from "./lib/server";
import { scanWalletConnect } from "./lib/walletconnect-scan";

type Fetched = { url: string; gzip: number; raw: number; type: string };

const wcScan = scanWalletConnect(process.env.NEXT_DIST_DIR ?? ".next");
const wcGzipKb = Math.round((wcScan.marked.reduce((t, c) => t + c.gzip, 0) / 1024) * 10) / 10;
console.log(
  wcScan.marked.length === 0
    ? `WalletConnect code in the build: none (${wcScan.chunks} client chunks scanned)`
    : `WalletConnect code in the build: ${wcScan.marked.length} of ${wcScan.chunks} chunks, ${wcGzipKb} KB gzip (the opt-in plug-in)`,
);

const server = await benchServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const seen: Fetched[] = [];
  page.on("response", async (res) => {
    const url = res.url();
    if (!url.startsWith(server.url)) return;
    const type = res.request().resourceType();
    try {
      const body = await res.body();
      seen.push({
        url: url.slice(server.url.length),
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 6 }).length,
        type,
      });
    } catch {
      // Redirects and aborted requests have no body.
    }
  });
  await page.goto(`${server.url}/`);
  await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 });
  await settle(page);
  const before = seen.length;
  await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
  await page.getByRole("dialog").waitFor();
  await settle(page);
  const openModal = seen.slice(before);
  const before2 = seen.length;
  const all = page.getByRole("dialog").getByRole("button", { name: /All wallets/ });
  let allWallets: Fetched[] = [];
  if (await all.count()) {
    await all.click();
    await page.getByRole("dialog", { name: "All wallets" }).waitFor();
    await settle(page);
    allWallets = seen.slice(before2);
  }
  const sum = (list: Fetched[], pred: (f: Fetched) => boolean) =>
    Math.round((list.filter(pred).reduce((t, f) => t + f.gzip, 0) / 1024) * 10) / 10;
  const isJs = (f: Fetched) => f.type === "script" || f.url.endsWith(".js");
  const result = {
    measuredAt: new Date().toISOString(),
    url: server.url,
    openModalJsGzipKb: sum(openModal, isJs),
    openModalOtherGzipKb: sum(openModal, (f) => !isJs(f)),
    allWalletsJsGzipKb: sum(allWallets, isJs),
    allWalletsOtherGzipKb: sum(allWallets, (f) => !isJs(f)),
    walletConnectChunks: wcScan.marked.length,
    walletConnectGzipKb: wcGzipKb,
    openModal: openModal.map((f) => ({ url: f.url, gzip: f.gzip })),
    allWallets: allWallets.map((f) => ({ url: f.url, gzip: f.gzip })),
  };
  console.log(
    `JS fetched when the modal opens: ${result.openModalJsGzipKb} KB gzip (other: ${result.openModalOtherGzipKb} KB)`,
  );
  console.log(
    `JS fetched when All wallets opens: ${result.allWalletsJsGzipKb} KB gzip (registry and icons: ${result.allWalletsOtherGzipKb} KB)`,
  );
  console.log(`wrote ${writeResult("modal-bundle", result)}`);
} finally {
  await browser.close();
  await server.stop();
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
}

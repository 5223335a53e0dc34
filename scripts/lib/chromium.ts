/**
 * The browser every browser-driven check uses (Playwright e2e, bench:bundle, bench:lighthouse):
 * Debian's chromium, never a downloaded one, with flags that keep it off the network and quiet
 * (docs/ARCHITECTURE.md, "Testing").
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * The browser every browser-driven check uses (Playwright e2e, bench:bundle, bench:lighthouse):
 * Debian's chromium, never a downloaded one, with flags that keep it off the network and quiet
 * (docs/ARCHITECTURE.md, "Testing").
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests' chromium: Debian's `chromium-headless-shell`, the same engine without the
 * desktop browser's shell (what Playwright itself runs headless tests on). `/usr/bin/chromium` is a
 * wrapper that also loads Debian's extensions and turns on GPU rasterization, which a machine without
 * a GPU does in software. Measured on one server, the same 28 page loads at 390 and 1280 px, 2 runs
 * each interleaved: 11.6–12.8 s of CPU against 15.7–19.4 s, and the e2e phase of `npm test` is
 * CPU-bound on 2 cores (docs/ARCHITECTURE.md, "Testing"). The benches keep CHROMIUM_PATH, the full
 * browser, so their figures stay comparable.
 */
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";

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

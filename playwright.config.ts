import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from "./scripts/lib/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);
const anvilPort = Number(process.env.E2E_ANVIL_PORT ?? 8645);
const baseURL = `http://localhost:${port}`;

// The server (e2e/server.ts) and the specs agree on these through the environment, which
// Playwright's workers inherit from this process.
process.env.E2E_ANVIL_URL ??= `http://127.0.0.1:${anvilPort}`;
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `aurum-e2e-${port}`);
process.env.E2E_DEPLOYMENTS_DIR ??= path.join(process.env.E2E_DATA_DIR, "deployments");

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  // One app server and one chain are shared; each test uses its own wallet account.
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // A failed test keeps its trace: every action with the DOM before and after it, the network and
    // the console. Without the trace's screencast (a JPEG of every frame the page paints): recording
    // it made Chromium's compositor paint and encode frames all run long, most of the browser
    // phase's CPU on 2 cores (3 specs: 112 s with it, 67 s without, 64 s with no trace at all). A
    // failure's final screenshot stays (`screenshot`).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "npx tsx e2e/server.ts",
    url: `${baseURL}/api/version`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      E2E_PORT: String(port),
      E2E_ANVIL_PORT: String(anvilPort),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      E2E_DEPLOYMENTS_DIR: process.env.E2E_DEPLOYMENTS_DIR,
    },
  },
});

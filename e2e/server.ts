/**
 * The app as the browser tests see it: a fresh chain, a fresh database, the production build
 * (or `next dev` with E2E_DEV=1), all on loopback. Started by Playwright's webServer.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { startAnvil } from "../scripts/lib/anvil";
import { prepareApp } from "../scripts/lib/prepare";
import { E2E_ADMIN_KEY } from "./admin";

const port = Number(process.env.E2E_PORT ?? 3100);
const anvilPort = Number(process.env.E2E_ANVIL_PORT ?? 8645);
// Fresh on every run; the specs find the deployment in E2E_DEPLOYMENTS_DIR (set by playwright.config.ts).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `aurum-e2e-${port}`);
const deploymentsDir = process.env.E2E_DEPLOYMENTS_DIR ?? path.join(dataDir, "deployments");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: process.env.E2E_DEV ? "development" : "production",
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  DEPLOYMENTS_DIR: deploymentsDir,
  TESTNET_RPC_URL: `http://127.0.0.1:${anvilPort}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // The operator of the console specs (e2e/admin.ts), besides any configured admins.
  ADMIN_ADDRESSES: [process.env.ADMIN_ADDRESSES, privateKeyToAccount(E2E_ADMIN_KEY).address]
    .filter(Boolean)
    .join(","),
};
delete env.DATABASE_URL;

const anvil = await startAnvil({ port: anvilPort });
await prepareApp(env);

const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
const args = process.env.E2E_DEV ? ["dev", "-p", String(port)] : ["start", "-p", String(port)];
const app = spawn(process.execPath, [nextBin, ...args], { env, stdio: "inherit" });

const stop = async () => {
  app.kill("SIGTERM");
  await anvil.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
app.on("exit", async (code) => {
  await anvil.stop();
  process.exit(code ?? 1);
});

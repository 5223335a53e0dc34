/**
 * The app as the browser tests see it: a fresh chain, a fresh database, the production build
 * (or `next dev` with E2E_DEV=1), all on loopback. Started by Playwright's webServer.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAnvil } from "../scripts/lib/anvil";
import { prepareApp } from "../scripts/lib/prepare";
import { restrictDataDir } from "../src/db/client";
import { OPERATOR_ADDRESSES } from "./operators";

const port = Number(process.env.E2E_PORT ?? 3100);
const anvilPort = Number(process.env.E2E_ANVIL_PORT ?? 8645);
// Fresh on every run; the specs find the deployment in E2E_DEPLOYMENTS_DIR (set by playwright.config.ts).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `aurum-e2e-${port}`);
const deploymentsDir = process.env.E2E_DEPLOYMENTS_DIR ?? path.join(dataDir, "deployments");
fs.rmSync(dataDir, { recursive: true, force: true });
restrictDataDir(dataDir);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: process.env.E2E_DEV ? "development" : "production",
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  DEPLOYMENTS_DIR: deploymentsDir,
  TESTNET_RPC_URL: `http://127.0.0.1:${anvilPort}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // Every browser test connects from 127.0.0.1, and the server now knows it (scripts/serve.ts):
  // per-address limits meant for one person would otherwise throttle the whole suite (the limits
  // themselves are checked by integration tests and e2e/faucet.spec.ts), and the proof of work stays
  // quick on a busy test machine (bench/pow.ts measures the default).
  AUTH_RATE_LIMIT_PER_MINUTE: "10000",
  FAUCET_IP_LIMIT: process.env.FAUCET_IP_LIMIT ?? "10000",
  FAUCET_SUBNET_LIMIT: process.env.FAUCET_SUBNET_LIMIT ?? "100000",
  FAUCET_POW_MAXNUMBER: process.env.FAUCET_POW_MAXNUMBER ?? "20000",
  NAMES_IP_LIMIT: "10000",
  PROFILE_EMAIL_IP_LIMIT: "10000",
  // The operators of the console, integrity and airdrop specs, besides any configured admins.
  ADMIN_ADDRESSES: [process.env.ADMIN_ADDRESSES, ...OPERATOR_ADDRESSES].filter(Boolean).join(","),
  // e2e/admin-webhooks.spec.ts registers and delivers to a receiver on 127.0.0.1 (default: refused).
  WEBHOOK_ALLOW_PRIVATE: "1",
};
delete env.DATABASE_URL;

const anvil = await startAnvil({ port: anvilPort });
await prepareApp(env);

// The same HTTP entry as `npm start` (client address from the socket); NODE_ENV picks dev or the build.
const app = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], { env, stdio: "inherit" });

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

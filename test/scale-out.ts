/**
 * The README's "Running at scale" recipe, end to end (a phase of `npm test`, after `next build`):
 * a throw-away PostgreSQL server (scripts/pg-test-server.sh), a local Anvil chain, `npm run deploy`
 * WITHOUT FAUCET_ADDRESS, two web processes (`WORKERS=off node --import tsx scripts/serve.ts`) and
 * one worker process (`WORKERS=only npm run worker`, with WORKER_METRICS_PORT), all on free loopback
 * ports, every one given the same SESSION_SECRET and keys (config.ts refuses DATABASE_URL without). Then:
 * - the deploy funded the faucet account (derived from FAUCET_PRIVATE_KEY / the dev key);
 * - the worker answers GET /health, and seeded content/ (tasks, news, FAQ as the web processes serve);
 * - a session made through web 1 is accepted by web 2;
 * - logout through web 2 is refused on web 1 afterwards;
 * - a faucet claim made through web 2 is paid on-chain by the worker, whose GET /metrics has the
 *   faucet's and the indexer's metrics (no web process has them).
 * Exits non-zero on the first failed check. Usage: `node --import tsx test/scale-out.ts`.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import { createPublicClient, erc20Abi, formatEther, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_KEYS, startAnvil } from "../scripts/lib/anvil";
import { freePort } from "./ports";
import { signInOverHttp } from "./siwe-http";

const root = path.resolve(import.meta.dirname, "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-scale-"));
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
const step = (m: string) => console.log(`scale-out: ${m}`);

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, name: string): ChildProcess {
  const log = fs.openSync(path.join(tmp, `${name}.log`), "w");
  // Its own process group: `npm run worker` is npm plus a node child, and both must stop.
  const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", log, log], detached: true });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(fs.readFileSync(path.join(tmp, `${name}.log`), "utf8").slice(-4000));
      console.error(`scale-out: ${name} exited early (code ${code}, signal ${signal})`);
      void finish(1);
    }
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

let stopping = false;
async function finish(code: number): Promise<never> {
  stopping = true;
  for (const c of children) {
    if (c.exitCode === null && c.pid) {
      try {
        process.kill(-c.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  }
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : undefined)),
  );
  for (const fn of cleanups.reverse()) await fn();
  if (code !== 0) console.error(`scale-out: logs kept in ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(code);
}

async function main() {
  // 1. PostgreSQL (its own directory and port, so it never meets the integration pass's server).
  // Outside `tmp` (0700): the server runs as the postgres user when this runs as root.
  const pgPort = await freePort();
  const pgEnv = {
    ...process.env,
    PG_TEST_DIR: path.join(os.tmpdir(), `aurum-scale-pg-${pgPort}`),
    PG_TEST_PORT: String(pgPort),
  };
  const databaseUrl = execFileSync("bash", ["scripts/pg-test-server.sh", "start"], {
    cwd: root,
    env: pgEnv,
    encoding: "utf8",
  }).trim();
  cleanups.push(() => {
    execFileSync("bash", ["scripts/pg-test-server.sh", "stop"], { cwd: root, env: pgEnv });
  });
  step(`PostgreSQL at ${databaseUrl}`);

  // 2. The chain, and `npm run deploy` exactly as the README says (no FAUCET_ADDRESS).
  const anvil = await startAnvil({ port: await freePort() });
  cleanups.push(() => anvil.stop());
  const faucetKey = ANVIL_KEYS[1] as Hex;
  const [web1Port, web2Port] = [await freePort(), await freePort()];
  const publicUrl = `http://localhost:${web1Port}`;
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "scale-out-".padEnd(64, "x"),
    // The load balancer's URL; both web processes are reached through it (Origin and SIWE domain).
    PUBLIC_URL: publicUrl,
    TESTNET_RPC_URL: anvil.url,
    DEPLOYER_PRIVATE_KEY: ANVIL_KEYS[0],
    FAUCET_PRIVATE_KEY: faucetKey,
    DEPLOYMENTS_DIR: path.join(tmp, "deployments"),
    LOG_LEVEL: "warn",
    FAUCET_IP_LIMIT: "1000",
    // The claim below solves the faucet's proof of work like a browser; keep it quick here.
    FAUCET_POW_MAXNUMBER: "5000",
  };
  delete common.FAUCET_ADDRESS;
  delete common.PORT;
  execFileSync("npm", ["run", "deploy"], { cwd: root, env: common, stdio: ["ignore", "ignore", "inherit"] });
  const chain = createPublicClient({ transport: http(anvil.url) });
  const faucetAddress = privateKeyToAccount(faucetKey).address;
  const faucetNative = await chain.getBalance({ address: faucetAddress });
  assert.ok(faucetNative > 0n, "npm run deploy funds the faucet account without FAUCET_ADDRESS");
  step(`deployed; faucet account holds ${formatEther(faucetNative)} native`);

  // 3. Two web processes and one worker, each with its own DATA_DIR (nothing shared but PostgreSQL).
  const web = (port: number, name: string) =>
    run(
      process.execPath,
      ["--import", "tsx", "scripts/serve.ts"],
      { ...common, WORKERS: "off", PORT: String(port), DATA_DIR: path.join(tmp, name) },
      name,
    );
  web(web1Port, "web1");
  web(web2Port, "web2");
  const workerPort = await freePort();
  run(
    "npm",
    ["run", "worker"],
    {
      ...common,
      WORKERS: "only",
      DATA_DIR: path.join(tmp, "worker"),
      WORKER_METRICS_PORT: String(workerPort),
    },
    "worker",
  );
  const web1 = `http://127.0.0.1:${web1Port}`;
  const web2 = `http://127.0.0.1:${web2Port}`;
  const worker = `http://127.0.0.1:${workerPort}`;
  // The worker answers /health once it has migrated, seeded content/ and started its loops.
  await Promise.all([
    waitFor(`${web1}/api/version`),
    waitFor(`${web2}/api/version`),
    waitFor(`${worker}/health`),
  ]);
  step(`web processes on ${web1Port} and ${web2Port}, worker healthy on ${workerPort}`);

  // 4. Sign in through web 1 with a fresh account (no balance yet).
  const { cookie, address } = await signInOverHttp(web1, publicUrl);
  const sessionOn = (base: string) => fetch(`${base}/api/auth/session`, { headers: { cookie } });

  const onWeb2 = await sessionOn(web2);
  assert.equal(onWeb2.status, 200, "a session from web 1 is accepted by web 2");
  assert.equal(((await onWeb2.json()) as { address: string }).address.toLowerCase(), address.toLowerCase());
  step("session from web 1 accepted by web 2");

  // 4b. content/ was seeded by the worker (the web processes only migrate).
  const listed = async (base: string, p: string, key: string) => {
    const res = await fetch(`${base}${p}`, { headers: { cookie } });
    assert.equal(res.status, 200, `${p}: ${await res.clone().text()}`);
    return ((await res.json()) as Record<string, unknown[]>)[key]?.length ?? 0;
  };
  assert.ok((await listed(web1, "/api/tasks", "tasks")) > 0, "tasks from content/tasks.yaml");
  assert.ok((await listed(web2, "/api/news", "articles")) > 0, "news from content/news");
  assert.ok((await listed(web2, "/api/faq", "sections")) > 0, "FAQ from content/faq.md");
  step("content/ seeded by the worker: tasks, news and FAQ served by both web processes");

  // 5. A faucet claim through web 2 (with its solved proof of work), paid by the worker.
  const challengeRes = await fetch(`${web2}/api/faucet/challenge`, { headers: { cookie } });
  assert.equal(challengeRes.status, 200, `challenge from web 2: ${await challengeRes.clone().text()}`);
  const c = (await challengeRes.json()) as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  assert.ok(solution, "the proof of work has a solution");
  const altcha = Buffer.from(
    JSON.stringify({
      algorithm: c.algorithm,
      challenge: c.challenge,
      number: solution.number,
      salt: c.salt,
      signature: c.signature,
    }),
  ).toString("base64");
  const claim = await fetch(`${web2}/api/faucet/claim`, {
    method: "POST",
    headers: { cookie, origin: publicUrl, "content-type": "application/json" },
    body: JSON.stringify({ altcha }),
  });
  assert.equal(claim.status, 202, `claim through web 2: ${await claim.clone().text()}`);
  const until = Date.now() + 90_000;
  let paid = 0n;
  while (Date.now() < until && paid === 0n) {
    paid = await chain.getBalance({ address: address as Hex });
    if (paid === 0n) await new Promise((r) => setTimeout(r, 500));
  }
  assert.ok(paid > 0n, "the worker paid the claim made through web 2 (native balance arrived)");
  const deployment = JSON.parse(
    fs.readFileSync(path.join(common.DEPLOYMENTS_DIR!, `${await chain.getChainId()}.json`), "utf8"),
  ) as { contracts: Record<string, { address: Hex }> };
  const tUSD = deployment.contracts.tUSD?.address;
  if (tUSD) {
    const tokens = await chain.readContract({
      address: tUSD,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address as Hex],
    });
    assert.ok(tokens > 0n, "the worker paid the tUSD drip too");
  }
  step(`claim through web 2 paid by the worker (${formatEther(paid)} native)`);

  // 5b. The faucet's and the indexer's metrics, from the worker's own server (a payout is counted
  // once its receipt is settled, which may be a moment after the balance arrived).
  const wanted = [/^aurum_faucet_payouts_total\{.*outcome="confirmed"/m, /^aurum_indexer_lag_blocks/m];
  const metricsUntil = Date.now() + 30_000;
  let metrics = "";
  for (;;) {
    const res = await fetch(`${worker}/metrics`);
    assert.equal(res.status, 200, "the worker's GET /metrics");
    metrics = await res.text();
    if (wanted.every((re) => re.test(metrics)) || Date.now() > metricsUntil) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.match(metrics, wanted[0]!, "the worker's /metrics counts the faucet's confirmed payouts");
  assert.match(metrics, wanted[1]!, "and has the indexer's lag");
  step("worker /metrics has aurum_faucet_payouts_total and aurum_indexer_lag_blocks");

  // 6. Logout through web 2; web 1 refuses the cookie afterwards.
  const logout = await fetch(`${web2}/api/auth/logout`, {
    method: "POST",
    headers: { cookie, origin: publicUrl },
  });
  assert.ok(logout.status < 300, `logout through web 2: ${logout.status}`);
  assert.equal((await sessionOn(web1)).status, 401, "after logout on web 2, web 1 refuses the session");
  assert.equal((await sessionOn(web2)).status, 401, "and web 2 refuses it too");
  step("logout on web 2 refused on web 1");
}

main().then(
  () => finish(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack : err);
    void finish(1);
  },
);

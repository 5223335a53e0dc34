/**
 * `npm run bench:faucet`: 1,000 distinct signed-in addresses claim from the faucet at once, through
 * the real route handler (session cookie, same-origin check, claim transaction), while the sender
 * worker runs in-process against a fresh Anvil with the real deployment. Measures claim latency,
 * payouts per second (first claim → last confirmation) and transactions used; then checks every
 * address on chain: `duplicates` (more than one drip) and `lost` (less) must both be 0.
 *
 * Env: BENCH_CLAIMS (default 1000), BENCH_DATABASE_URL (PostgreSQL instead of in-memory PGlite),
 * BENCH_ANVIL_PORT (default: first free port in 8845–8899). Writes bench/results/faucet.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type Address, formatUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { testTokenAbi } from "../src/chain/generated";
import { type DbHandle, openDb, setDbHandleForTests } from "../src/db/client";
import { migrate } from "../src/db/migrate";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 1000);
Object.assign(process.env, { NODE_ENV: "test" });
process.env.LOG_LEVEL ??= "warn";

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

async function anvilPort(): Promise<number> {
  if (process.env.BENCH_ANVIL_PORT) return Number(process.env.BENCH_ANVIL_PORT);
  for (let p = 8845; p <= 8899; p++) if (await portIsFree(p)) return p;
  throw new Error("no free port in 8845–8899 for Anvil");
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

// The configuration is read on first use, so everything that reads it is imported after the env is set.
const { startFaucetTestChain } = await import("../src/features/faucet/server/testing");
// The bench measures the queue and the sender, not proof of work (bench/pow.ts does): easy challenges,
// and no per-client or daily limits in the way of one client sending every claim.
const chain = await startFaucetTestChain(await anvilPort(), {
  FAUCET_POW_MAXNUMBER: "100",
  FAUCET_IP_LIMIT: "10000",
  FAUCET_SUBNET_LIMIT: "100000",
  FAUCET_DAILY_OUTFLOW_NATIVE: "1000000",
  FAUCET_DAILY_OUTFLOW_TUSD: "100000000",
  FAUCET_DAILY_OUTFLOW_TETH: "1000000",
});
let handle: DbHandle | undefined;
let host: { stop(): Promise<void> } | undefined;
try {
  handle = process.env.BENCH_DATABASE_URL
    ? await openDb({ databaseUrl: process.env.BENCH_DATABASE_URL })
    : await openDb({ memory: true });
  await migrate(handle);
  setDbHandleForTests(handle);
  const db = handle.db;

  const { createTestSession } = await import("../src/features/auth/testing");
  const { POST: claimRoute } = await import("../src/app/api/faucet/claim/route");
  const { startWorkers } = await import("../src/server/workers");
  const { createFaucetSenderWorker } = await import("../src/features/faucet/server/sender");
  const { faucetSettings } = await import("../src/features/faucet/server/settings");
  const { testnetClient } = await import("../src/chain/clients");
  const { queryRows } = await import("../src/features/faucet/server/claims");
  const { config } = await import("../src/server/config");
  const { solvedPow } = await import("../src/features/faucet/server/testing");

  console.log(`› signing in ${CLAIMS} addresses (sessions created in the database)`);
  const addresses: Address[] = [];
  const cookies: string[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    addresses.push(address);
    cookies.push((await createTestSession(address, { db })).cookieHeader);
  }
  const pows = await Promise.all(cookies.map(() => solvedPow()));

  const leaderUrl = process.env.BENCH_DATABASE_URL;
  host = await startWorkers([createFaucetSenderWorker({ options: { idlePollMs: 20 } })], {
    handle,
    ...(leaderUrl ? { databaseUrl: leaderUrl, lockRetryMs: 200 } : {}),
  });

  console.log(`› ${CLAIMS} claims at once`);
  const origin = config().origin;
  const latencies: number[] = [];
  const t0 = performance.now();
  const responses = await Promise.all(
    cookies.map(async (cookie, i) => {
      const start = performance.now();
      const res = await claimRoute(
        new Request(`${origin}/api/faucet/claim`, {
          method: "POST",
          headers: { cookie, origin, "content-type": "application/json" },
          body: JSON.stringify({ altcha: pows[i] }),
        }),
        { params: Promise.resolve({}) },
      );
      latencies.push(performance.now() - start);
      return res.status;
    }),
  );
  const acceptedMs = performance.now() - t0;
  const accepted = responses.filter((s) => s === 202).length;
  if (accepted !== CLAIMS) {
    throw new Error(
      `only ${accepted}/${CLAIMS} claims accepted (statuses: ${[...new Set(responses)].join(", ")})`,
    );
  }

  const countSettled = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM faucet_claims WHERE status IN ('confirmed', 'failed')`,
        )
      )[0]?.n,
    );
  const deadline = Date.now() + 600_000;
  while ((await countSettled()) < CLAIMS) {
    if (Date.now() > deadline) throw new Error("the sender did not settle every claim within 10 minutes");
    await new Promise((r) => setTimeout(r, 50));
  }
  const totalMs = performance.now() - t0;
  await host.stop();
  host = undefined;

  const [txRow] = await queryRows<{ n: number; batches: number }>(
    db,
    sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE kind = 'disperse_native')::int AS batches FROM faucet_txs`,
  );
  const [confirmedRow] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM faucet_claims WHERE status = 'confirmed'`,
  );

  console.log("› checking every address on chain");
  const drips = faucetSettings().drips;
  const client = testnetClient();
  const { tUSD, tETH } = chain.deployment.contracts;
  let duplicates = 0;
  let lost = 0;
  for (let i = 0; i < addresses.length; i += 100) {
    const slice = addresses.slice(i, i + 100);
    const got = await Promise.all(
      slice.map(async (address) => [
        await client.getBalance({ address }),
        (await client.readContract({
          address: tUSD.address,
          abi: testTokenAbi,
          functionName: "balanceOf",
          args: [address],
        })) as bigint,
        (await client.readContract({
          address: tETH.address,
          abi: testTokenAbi,
          functionName: "balanceOf",
          args: [address],
        })) as bigint,
      ]),
    );
    for (const [native, usd, eth] of got) {
      const want = [drips.native, drips.tUSD, drips.tETH];
      const have = [native!, usd!, eth!];
      if (have.some((h, k) => h > want[k]!)) duplicates++;
      if (have.some((h, k) => h < want[k]!)) lost++;
    }
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const result = {
    generatedAt: new Date().toISOString(),
    database: handle.kind,
    claims: CLAIMS,
    confirmed: Number(confirmedRow?.n),
    claimLatencyMs: {
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      max: Math.round(sorted[sorted.length - 1] ?? 0),
    },
    allAcceptedMs: Math.round(acceptedMs),
    firstClaimToLastConfirmationMs: Math.round(totalMs),
    payoutsPerSecond: Number((CLAIMS / (totalMs / 1000)).toFixed(1)),
    transactions: Number(txRow?.n),
    batches: Number(txRow?.batches),
    duplicates,
    lost,
    drip: {
      native: formatUnits(drips.native, 18),
      tUSD: formatUnits(drips.tUSD, 6),
      tETH: formatUnits(drips.tETH, 18),
    },
  };
  console.table({
    claims: result.claims,
    confirmed: result.confirmed,
    "claim p50 (ms)": result.claimLatencyMs.p50,
    "claim p95 (ms)": result.claimLatencyMs.p95,
    "payouts/s": result.payoutsPerSecond,
    transactions: result.transactions,
    batches: result.batches,
    duplicates,
    lost,
  });
  const outDir = path.join(root, "bench", "results");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, "faucet.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${path.relative(root, path.join(outDir, "faucet.json"))}`);
  if (duplicates !== 0 || lost !== 0 || result.confirmed !== CLAIMS) process.exitCode = 1;
} finally {
  await host?.stop();
  await handle?.close();
  await chain.stop();
}

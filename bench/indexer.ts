/**
 * `npm run bench:indexer`: how far the chain indexer falls behind while the chain is busy.
 * A fresh Anvil (1 s blocks, like a real testnet; BENCH_AUTOMINE=1 mines one block per tx instead)
 * with the real deployment; 8 participants send 100 tx/s for 60 s (half native transfers, half
 * tUSD transfers) while the indexer runs as in production (same code, in-memory PGlite). Every
 * 250 ms it samples lag = head − indexer cursor (blocks). Afterwards it checks that every sent
 * transfer was indexed exactly once. Prints max/avg lag, writes bench/results/indexer.json.
 *
 * Env: BENCH_TPS (100), BENCH_SECONDS (60), BENCH_AUTOMINE (0), BENCH_ANVIL_PORT (8990).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { count, eq, inArray } from "drizzle-orm";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deployAll } from "../scripts/deploy";
import { ANVIL_KEYS, startAnvil } from "../scripts/lib/anvil";
import { testTokenAbi } from "../src/chain/generated";
import { openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { chainEvents, users } from "../src/db/schema";
import { watchListFromDeployment } from "../src/features/indexer/server/contracts";
import { ChainIndexer } from "../src/features/indexer/server/indexer";
import { indexerClientFor } from "../src/features/indexer/server/worker";

const TPS = Number(process.env.BENCH_TPS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const AUTOMINE = process.env.BENCH_AUTOMINE === "1";
const PORT = Number(process.env.BENCH_ANVIL_PORT ?? 8990);
const SENDERS = [2, 3, 4, 5, 6, 7, 8, 9];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(path.join(tmpdir(), "aurum-bench-idx-"));
const anvil = await startAnvil({ port: PORT, ...(AUTOMINE ? {} : { blockTime: 1 }) });
const chain = defineChain({
  id: 99199,
  name: "Aurum Testnet",
  nativeCurrency: { name: "Aurum", symbol: "AURUM", decimals: 18 },
  rpcUrls: { default: { http: [anvil.url] } },
});
const pub = createPublicClient({ chain, transport: http(anvil.url), pollingInterval: 100 });
const db = await openDb({ memory: true });
const log = {
  info: () => {},
  warn: (o: object, m?: string) => console.warn(m, o),
  error: (o: object, m?: string) => console.error(m, o),
};

try {
  await migrate(db);
  console.log(`deploying (${AUTOMINE ? "automine" : "1 s blocks"}) …`);
  const d = await deployAll({
    rpcUrl: anvil.url,
    privateKey: ANVIL_KEYS[0],
    chainId: 99199,
    outDir: dir,
    seedLocalState: true,
  });
  const tUSD = d.contracts.tUSD.address;
  const accounts = SENDERS.map((i) => privateKeyToAccount(ANVIL_KEYS[i]!));
  await db.db.insert(users).values(
    accounts.map((a, i) => ({
      address: a.address.toLowerCase(),
      referralCode: `BENCH${String(i).padStart(3, "2")}`,
    })),
  );
  const deployer = createWalletClient({
    chain,
    account: privateKeyToAccount(ANVIL_KEYS[0]),
    transport: http(anvil.url),
  });
  for (const a of accounts) {
    await pub.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: tUSD,
        abi: testTokenAbi,
        functionName: "mint",
        args: [a.address, parseUnits("1000000", 6)],
      }),
    });
  }

  const indexer = new ChainIndexer({
    db: db.db,
    client: indexerClientFor(anvil.url, chain),
    chainId: 99199,
    watch: watchListFromDeployment(d, { nativeSymbol: "AURUM", nativeName: "Aurum" }),
    confirmations: 0,
    pollIntervalMs: 500, // what the worker uses on a local chain
    log,
  });
  const ac = new AbortController();
  // Catch up with the deployment first, so the measurement starts from "in sync".
  while ((await indexer.step()).status !== "idle") {}
  const running = indexer.run(ac.signal);

  const wallets = accounts.map((account) =>
    createWalletClient({ chain, account, transport: http(anvil.url) }),
  );
  const nonces = await Promise.all(
    accounts.map((a) => pub.getTransactionCount({ address: a.address, blockTag: "pending" })),
  );
  const gasPrice = (await pub.getGasPrice()) * 3n;
  const sent: Hex[] = [];
  let failedSends = 0;
  const samples: number[] = [];
  const started = Date.now();
  const sampler = setInterval(async () => {
    try {
      const head = Number(await pub.getBlockNumber({ cacheTime: 0 }));
      samples.push(Math.max(0, head - (await indexer.cursor())));
    } catch {}
  }, 250);

  console.log(`sending ${TPS} tx/s for ${SECONDS} s from ${accounts.length} participants …`);
  const total = TPS * SECONDS;
  const inflight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / TPS;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const k = n % accounts.length;
    const to = accounts[(k + 1) % accounts.length]!.address;
    const nonce = nonces[k]!++;
    const tx =
      n % 2 === 0
        ? { to, value: 1_000n + BigInt(n), nonce, gas: 21_000n, gasPrice }
        : {
            to: tUSD,
            data: encodeFunctionData({
              abi: testTokenAbi,
              functionName: "transfer",
              args: [to, 1_000n + BigInt(n)],
            }),
            nonce,
            gas: 80_000n,
            gasPrice,
          };
    inflight.push(
      wallets[k]!.sendTransaction({ ...tx, chain })
        .then((h) => void sent.push(h))
        .catch(() => void failedSends++),
    );
  }
  await Promise.all(inflight);
  const sendSeconds = (Date.now() - started) / 1000;
  const lastHash = sent.at(-1)!;
  const lastBlock = Number(
    (await pub.waitForTransactionReceipt({ hash: lastHash, timeout: 60_000 })).blockNumber,
  );
  const duringSamples = [...samples];
  const catchUpStart = Date.now();
  while ((await indexer.cursor()) < lastBlock) await new Promise((r) => setTimeout(r, 50));
  const catchUpMs = Date.now() - catchUpStart;
  clearInterval(sampler);
  ac.abort();
  await running;

  // Correctness: every sent transfer is indexed exactly once.
  let indexed = 0;
  for (let i = 0; i < sent.length; i += 1000) {
    const [row] = await db.db
      .select({ n: count() })
      .from(chainEvents)
      .where(
        inArray(
          chainEvents.txHash,
          sent.slice(i, i + 1000).map((h) => h.toLowerCase()),
        ),
      );
    indexed += Number(row?.n ?? 0);
  }
  const [natives] = await db.db
    .select({ n: count() })
    .from(chainEvents)
    .where(eq(chainEvents.kind, "native_transfer"));
  const max = Math.max(0, ...duringSamples);
  const avg = duringSamples.reduce((a, b) => a + b, 0) / Math.max(1, duringSamples.length);
  const head = Number(await pub.getBlockNumber());
  const result = {
    date: new Date().toISOString(),
    mode: AUTOMINE ? "automine (1 block per tx)" : "1 s block time",
    targetTps: TPS,
    seconds: SECONDS,
    sent: sent.length,
    failedSends,
    achievedTps: Math.round((sent.length / sendSeconds) * 10) / 10,
    blocksDuringRun: head - Number(d.contracts.stakingLP.block),
    lagBlocks: { max, avg: Math.round(avg * 100) / 100, samples: duringSamples.length },
    catchUpAfterLastTxMs: catchUpMs,
    indexedRowsForSentTxs: indexed,
    nativeTransferRows: Number(natives?.n ?? 0),
    allIndexedOnce: indexed === sent.length,
    finalRange: indexer.range.size,
  };
  console.log(
    `lag (blocks): max ${max}, avg ${result.lagBlocks.avg} over ${duringSamples.length} samples; ` +
      `${sent.length} tx at ${result.achievedTps} tx/s; caught up ${catchUpMs} ms after the last tx; ` +
      `indexed ${indexed}/${sent.length} (${result.allIndexedOnce ? "each exactly once" : "MISMATCH"})`,
  );
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(
    path.join(root, "bench", "results", AUTOMINE ? "indexer-automine.json" : "indexer.json"),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  if (!result.allIndexedOnce) process.exitCode = 1;
} finally {
  await db.close();
  await anvil.stop();
  rmSync(dir, { recursive: true, force: true });
}

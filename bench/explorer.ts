/**
 * `npm run bench:explorer`: RPC calls and latency of the explorer's chain reads, uncached (what every
 * view cost before src/features/explorer/server/chain-cache.ts: eth_blockNumber + 10 blocks) versus
 * through the cache, cold and warm, on a fresh Anvil. Calls are counted at the transport. Views:
 * the home list (10 newest blocks), a block page (block with its transactions), a transaction page
 * (transaction + receipt + block time). Prints figures only (no assertions, no results file).
 *
 * Env: BENCH_RUNS (200 warm views), BENCH_RPC_LATENCY_MS (0: added to every call, to stand in for a
 * remote provider, e.g. 30), BENCH_ANVIL_PORT (8993).
 */
import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type Hex,
  http,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_KEYS, startAnvil } from "../scripts/lib/anvil";
import { ExplorerChainCache, HEAD_REUSE_MS } from "../src/features/explorer/server/chain-cache";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const LATENCY = Number(process.env.BENCH_RPC_LATENCY_MS ?? 0);
const PORT = Number(process.env.BENCH_ANVIL_PORT ?? 8993);

const anvil = await startAnvil({ port: PORT });
const calls = new Map<string, number>();
const total = () => [...calls.values()].reduce((a, b) => a + b, 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inner = http(anvil.url)({});
const client = createPublicClient({
  transport: custom({
    request: async ({ method, params }) => {
      calls.set(method, (calls.get(method) ?? 0) + 1);
      if (LATENCY) await sleep(LATENCY);
      return inner.request({ method, params } as never);
    },
  }),
}) as PublicClient;

const chain = defineChain({
  id: 99199,
  name: "anvil",
  nativeCurrency: { name: "Aurum", symbol: "AURUM", decimals: 18 },
  rpcUrls: { default: { http: [anvil.url] } },
});
const wallet = createWalletClient({
  account: privateKeyToAccount(ANVIL_KEYS[1]),
  chain,
  transport: http(anvil.url),
});
const to = privateKeyToAccount(ANVIL_KEYS[2]).address;

type Figures = {
  views: number;
  callsPerView: number;
  p50: number;
  p95: number;
  byMethod: Record<string, number>;
};

function percentile(ms: number[], q: number): number {
  const s = [...ms].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0) * 100) / 100;
}

/** Runs `views` sequential views, counting calls. */
async function measure(views: number, view: () => Promise<unknown>): Promise<Figures> {
  calls.clear();
  const ms: number[] = [];
  for (let i = 0; i < views; i++) {
    const t = performance.now();
    await view();
    ms.push(performance.now() - t);
  }
  return {
    views,
    callsPerView: Math.round((total() / views) * 100) / 100,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    byMethod: Object.fromEntries(calls),
  };
}

/** `n` views at once: total calls and the slowest view. */
async function concurrent(n: number, view: () => Promise<unknown>) {
  calls.clear();
  const t = performance.now();
  await Promise.all(Array.from({ length: n }, view));
  return { views: n, calls: total(), wallMs: Math.round((performance.now() - t) * 100) / 100 };
}

function print(name: string, f: Figures) {
  const methods = Object.entries(f.byMethod)
    .map(([m, c]) => `${m} ${Math.round((c / f.views) * 100) / 100}`)
    .join(", ");
  console.log(
    `${name.padEnd(40)} ${String(f.callsPerView).padStart(6)} calls/view   p50 ${f.p50} ms, p95 ${f.p95} ms   (${methods || "no calls"})`,
  );
}

try {
  // A chain with some history: 40 blocks, each with a few transfers.
  let lastTx: Hex = "0x";
  let olderTx: Hex = "0x";
  for (let b = 0; b < 40; b++) {
    if (b === 30) olderTx = lastTx;
    await client.request({ method: "evm_setAutomine", params: [false] } as never);
    for (let i = 0; i < 3; i++) lastTx = await wallet.sendTransaction({ to, value: 1n });
    await client.request({ method: "evm_mine", params: [] } as never);
    await client.request({ method: "evm_setAutomine", params: [true] } as never);
  }
  const latest = Number(await client.getBlockNumber());
  const blockNo = latest - 5;
  // A transaction ten blocks deep (the newest one is shallower than 3 confirmations).
  lastTx = olderTx;
  console.log(`Anvil ${anvil.url}, head ${latest}, RPC latency added ${LATENCY} ms, warm runs ${RUNS}\n`);

  // Uncached: what getExplorerHome / getBlockView / getTxView did before the cache.
  const homeUncached = async () => {
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.getBlock({ blockNumber: BigInt(head - i) })),
    );
  };
  const blockUncached = async () => {
    await client.getBlockNumber({ cacheTime: 0 });
    await client.getBlock({ blockNumber: BigInt(blockNo), includeTransactions: true });
  };
  const txUncached = async () => {
    const tx = await client.getTransaction({ hash: lastTx });
    await client.getTransactionReceipt({ hash: lastTx });
    await client.getBlock({ blockNumber: tx.blockNumber ?? 0n });
  };
  print("home, uncached (before)", await measure(RUNS, homeUncached));
  print("block page, uncached (before)", await measure(RUNS, blockUncached));
  print("tx page, uncached (before)", await measure(RUNS, txUncached));
  console.log("");

  for (const confirmations of [0, 3]) {
    const fresh = () => new ExplorerChainCache(confirmations);
    let cache = fresh();
    const home = () => cache.recent(client, 10);
    const block = async () => cache.block(client, blockNo, await cache.latest(client, blockNo));
    const tx = () => cache.tx(client, lastTx);
    console.log(`through the cache, INDEXER_CONFIRMATIONS=${confirmations}:`);
    print("  home, cold (1st view)", await measure(1, home));
    print("  home, warm (same second)", await measure(RUNS, home));
    await sleep(HEAD_REUSE_MS);
    await client.request({ method: "evm_mine", params: [] } as never);
    print("  home, next second, 1 new block", await measure(1, home));
    print("  block page, cold", await measure(1, block));
    print("  block page, warm", await measure(RUNS, block));
    print("  tx page, cold", await measure(1, tx));
    print("  tx page, warm", await measure(RUNS, tx));
    cache = fresh();
    const c20 = await concurrent(20, home);
    console.log(`  20 concurrent cold home views: ${c20.calls} calls in all, ${c20.wallMs} ms`);
    const c20w = await concurrent(20, home);
    console.log(`  20 concurrent warm home views: ${c20w.calls} calls in all, ${c20w.wallMs} ms`);
    console.log(`  entries held: ${JSON.stringify(cache.sizes())}\n`);
  }
} finally {
  await anvil.stop();
}

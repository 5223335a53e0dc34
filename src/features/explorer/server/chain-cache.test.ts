import type { Hex } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The explorer's chain reads through its cache, on a fake chain that counts every RPC call.

const fake = vi.hoisted(() => {
  const hashOf = (n: number, fork: number) =>
    `0x${fork.toString(16).padStart(2, "0")}${n.toString(16).padStart(62, "0")}`;
  const state = {
    /** Block numbers 0..head; `fork[n]` changes a block's hash (a reorg). */
    head: 100,
    fork: new Map<number, number>(),
    txs: new Map<string, { blockNumber: number | null }>(),
    calls: { getBlockNumber: 0, getBlock: 0, getTransaction: 0, getTransactionReceipt: 0 },
    confirmations: 0,
  };
  const hash = (n: number) => hashOf(n, state.fork.get(n) ?? 0);
  const block = (n: number, full: boolean) => ({
    number: BigInt(n),
    hash: hash(n),
    parentHash: n === 0 ? `0x${"0".repeat(64)}` : hash(n - 1),
    timestamp: BigInt(1_700_000_000 + n),
    gasUsed: 21_000n,
    gasLimit: 30_000_000n,
    baseFeePerGas: 7n,
    miner: "0x0000000000000000000000000000000000000001",
    transactions: full
      ? [
          {
            hash: `0x${"ab".repeat(32)}`,
            from: "0x0000000000000000000000000000000000000002",
            to: null,
            value: 5n,
          },
        ]
      : [`0x${"ab".repeat(32)}`],
  });
  const notFound = (what: string) =>
    Object.assign(new Error(`${what} could not be found.`), { name: `${what}NotFoundError` }); // viem's names
  const tick = () => new Promise((r) => setTimeout(r, 1));
  const client = {
    getBlockNumber: async () => {
      state.calls.getBlockNumber++;
      await tick();
      return BigInt(state.head);
    },
    getBlock: async ({
      blockNumber,
      includeTransactions,
    }: {
      blockNumber: bigint;
      includeTransactions?: boolean;
    }) => {
      state.calls.getBlock++;
      await tick();
      const n = Number(blockNumber);
      if (n > state.head) throw notFound("Block");
      return block(n, Boolean(includeTransactions));
    },
    getTransaction: async ({ hash: h }: { hash: string }) => {
      state.calls.getTransaction++;
      await tick();
      const t = state.txs.get(h);
      if (!t) throw notFound("Transaction");
      const n = t.blockNumber;
      return {
        hash: h,
        blockNumber: n === null ? null : BigInt(n),
        blockHash: n === null ? null : hash(n),
        from: "0x0000000000000000000000000000000000000002",
        to: "0x0000000000000000000000000000000000000003",
        value: 1n,
        nonce: 0,
        input: "0x",
      };
    },
    getTransactionReceipt: async ({ hash: h }: { hash: string }) => {
      state.calls.getTransactionReceipt++;
      await tick();
      const n = state.txs.get(h)?.blockNumber;
      if (n === null || n === undefined) throw notFound("TransactionReceipt");
      return {
        blockHash: hash(n),
        status: "success",
        gasUsed: 21_000n,
        effectiveGasPrice: 2n,
        contractAddress: null,
      };
    },
  };
  return { state, client, hash };
});

vi.mock("@/chain/clients", () => ({ testnetClient: () => fake.client }));
vi.mock("@/db/client", () => ({ getDb: async () => ({}) }));
vi.mock("@/features/indexer/server", async () => (await import("../testing")).noIndexer);
vi.mock("@/features/names/server", async () => (await import("../testing")).noNames);
vi.mock("@/features/tokens/server", async () => (await import("../testing")).noDeployment);
vi.mock("@/features/wallet/server", () => ({ balanceService: () => null }));
vi.mock("@/server/config", () => ({
  config: () => ({
    NATIVE_SYMBOL: "AURUM",
    TESTNET_CHAIN_ID: 99199,
    TESTNET_RPC_URL: "http://fake",
    INDEXER_CONFIRMATIONS: fake.state.confirmations,
  }),
}));
vi.mock("@/server/logger", async () => (await import("../testing")).silentLogger);

const { getBlockView, getExplorerHome, getTxView } = await import("./data");
const { ENTRY_TTL_MS, ExplorerChainCache, explorerChainCache, HEAD_REUSE_MS, LIMITS, MISS_TTL_MS } =
  await import("./chain-cache");

const calls = () => ({ ...fake.state.calls });
const resetCalls = () => {
  for (const k of Object.keys(fake.state.calls)) fake.state.calls[k as keyof typeof fake.state.calls] = 0;
};
const TX = `0x${"11".repeat(32)}` as Hex;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "performance"] });
  vi.advanceTimersByTime(1_000); // lru-cache reads a start time of 0 as "no TTL"
  fake.state.head = 100;
  fake.state.fork.clear();
  fake.state.txs.clear();
  fake.state.confirmations = 0;
  explorerChainCache().clear();
  resetCalls();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("explorer home through the cache", () => {
  it("20 concurrent views cost one eth_blockNumber and at most 10 blocks", async () => {
    const views = await Promise.all(Array.from({ length: 20 }, () => getExplorerHome()));
    expect(calls()).toMatchObject({ getBlockNumber: 1, getBlock: 10 });
    for (const v of views) {
      expect(v.latest).toBe(100);
      expect(v.blocks.map((b) => b.number)).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
    }
  });

  it("a second view a moment later reads no known block (and reuses the head number)", async () => {
    await getExplorerHome();
    resetCalls();
    vi.advanceTimersByTime(200);
    const v = await getExplorerHome();
    expect(calls()).toMatchObject({ getBlockNumber: 0, getBlock: 0 });
    expect(v.blocks).toHaveLength(10);
  });

  it("after the head number expires, reads only the blocks mined since", async () => {
    await getExplorerHome();
    resetCalls();
    fake.state.head = 102;
    vi.advanceTimersByTime(HEAD_REUSE_MS);
    const v = await getExplorerHome();
    expect(calls()).toMatchObject({ getBlockNumber: 1, getBlock: 2 });
    expect(v.blocks[0]?.number).toBe(102);
  });

  it("with confirmations, keeps re-reading the blocks that are not yet that deep", async () => {
    fake.state.confirmations = 3;
    explorerChainCache().clear();
    await getExplorerHome();
    resetCalls();
    await getExplorerHome();
    // 100, 99 and 98 are less than 3 deep: kept for the second the head number is kept.
    expect(calls()).toMatchObject({ getBlockNumber: 0, getBlock: 0 });
    vi.advanceTimersByTime(HEAD_REUSE_MS + 1);
    await getExplorerHome();
    expect(calls()).toMatchObject({ getBlockNumber: 1, getBlock: 3 });
  });

  it("drops a cached block replaced by a reorg deeper than the confirmations (parent hash check)", async () => {
    fake.state.confirmations = 1;
    explorerChainCache().clear();
    await getExplorerHome();
    // Blocks 95..100 replaced: the fresh 100 no longer links to the cached 99.
    for (let n = 95; n <= 100; n++) fake.state.fork.set(n, 1);
    vi.advanceTimersByTime(HEAD_REUSE_MS + 1);
    resetCalls();
    const v = await getExplorerHome();
    expect(v.blocks.map((b) => b.hash)).toEqual(v.blocks.map((b) => fake.hash(b.number)));
    expect(v.blocks.every((b, i) => i === 0 || v.blocks[i - 1]?.number === b.number + 1)).toBe(true);
    expect(calls().getBlock).toBe(1 + 10); // the fresh tip, then the whole list again
  });

  it("empties the cache when the chain gets shorter (evm_revert)", async () => {
    await getExplorerHome();
    fake.state.head = 95;
    for (let n = 90; n <= 95; n++) fake.state.fork.set(n, 2);
    vi.advanceTimersByTime(HEAD_REUSE_MS);
    const v = await getExplorerHome();
    expect(v.latest).toBe(95);
    expect(v.blocks.map((b) => b.hash)).toEqual(v.blocks.map((b) => fake.hash(b.number)));
  });

  it("does not keep a failed head read", async () => {
    const real = fake.client.getBlockNumber;
    fake.client.getBlockNumber = async () => {
      fake.state.calls.getBlockNumber++;
      throw new Error("HTTP request failed. Status: 429");
    };
    // The page says the testnet cannot be reached (it once failed with a 500).
    expect(await getExplorerHome()).toMatchObject({ reachable: false, latest: null, blocks: [] });
    fake.client.getBlockNumber = real;
    expect(await getExplorerHome()).toMatchObject({ reachable: true, latest: 100 });
    expect(calls().getBlockNumber).toBe(2);
  });
});

describe("block page through the cache", () => {
  it("reads a block once, then serves it from the cache", async () => {
    const a = await getBlockView(50);
    resetCalls();
    const b = await getBlockView(50);
    expect(calls()).toMatchObject({ getBlockNumber: 0, getBlock: 0 });
    expect(b).toEqual(a);
    expect(b?.transactions).toHaveLength(1);
  });

  it("re-reads the head for a block above the reused one, so a just-mined block is found", async () => {
    await getBlockView(50);
    fake.state.head = 101;
    expect((await getBlockView(101))?.number).toBe(101);
    expect(await getBlockView(500)).toBeNull();
  });

  it("serves the home list from blocks the block page read", async () => {
    await Promise.all([91, 92, 93, 94, 95, 96, 97, 98, 99, 100].map((n) => getBlockView(n)));
    resetCalls();
    await getExplorerHome();
    expect(calls().getBlock).toBe(0);
  });
});

describe("transaction page through the cache", () => {
  it("never keeps a pending transaction", async () => {
    fake.state.txs.set(TX, { blockNumber: null });
    for (let i = 0; i < 3; i++) expect((await getTxView(TX))?.status).toBe("pending");
    expect(calls().getTransaction).toBe(3);
    expect(explorerChainCache().sizes().txs).toBe(0);
    // Mined: read once more, then kept.
    fake.state.txs.set(TX, { blockNumber: 100 });
    expect((await getTxView(TX))?.status).toBe("success");
    resetCalls();
    const again = await getTxView(TX);
    expect(again).toMatchObject({ status: "success", blockNumber: 100, fee: 42_000n });
    expect(calls()).toMatchObject({ getTransaction: 0, getTransactionReceipt: 0, getBlock: 0 });
  });

  it("does not keep a mined transaction until it is confirmations deep", async () => {
    fake.state.confirmations = 2;
    explorerChainCache().clear();
    fake.state.txs.set(TX, { blockNumber: 99 });
    await getTxView(TX);
    vi.advanceTimersByTime(HEAD_REUSE_MS + 1);
    await getTxView(TX);
    expect(calls().getTransaction).toBe(2);
    fake.state.head = 101;
    vi.advanceTimersByTime(HEAD_REUSE_MS + 1);
    await getTxView(TX);
    vi.advanceTimersByTime(HEAD_REUSE_MS + 1);
    await getTxView(TX);
    expect(calls().getTransaction).toBe(3);
  });

  it("answers null for an unknown hash, asking the node once per MISS_TTL_MS", async () => {
    // Before the negative cache: one eth_getTransactionByHash per view (20 here).
    for (let i = 0; i < 20; i++) expect(await getTxView(TX)).toBeNull();
    expect(calls().getTransaction).toBe(1);
    expect(explorerChainCache().sizes()).toMatchObject({ misses: 1, txs: 0 });
    // Concurrent views of a fresh unknown hash share the one read too.
    const other = `0x${"22".repeat(32)}` as Hex;
    await Promise.all(Array.from({ length: 20 }, () => getTxView(other)));
    expect(calls().getTransaction).toBe(2);
  });

  it("finds a transaction mined after a miss once MISS_TTL_MS has passed, never later", async () => {
    expect(await getTxView(TX)).toBeNull();
    fake.state.txs.set(TX, { blockNumber: 100 });
    vi.advanceTimersByTime(MISS_TTL_MS - 1);
    expect(await getTxView(TX)).toBeNull(); // still within the TTL: the remembered miss
    vi.advanceTimersByTime(2); // lru-cache: stale once more than the TTL old
    // lru-cache reuses its clock reading for 1 ms (ttlResolution); let that lapse.
    await new Promise((r) => setTimeout(r, 5));
    expect((await getTxView(TX))?.status).toBe("success");
    expect(calls().getTransaction).toBe(2);
    expect(explorerChainCache().sizes().misses).toBe(0);
  });

  it("does not remember a failed read as a miss, nor a miss read across a reorg's clear()", async () => {
    const real = fake.client.getTransaction;
    fake.client.getTransaction = async () => {
      fake.state.calls.getTransaction++;
      throw new Error("HTTP request failed. Status: 429");
    };
    await expect(getTxView(TX)).rejects.toThrow("429");
    await expect(getTxView(TX)).rejects.toThrow("429");
    fake.client.getTransaction = real;
    expect(calls().getTransaction).toBe(2);
    expect(explorerChainCache().sizes().misses).toBe(0);

    const cache = explorerChainCache();
    const pending = getTxView(TX);
    cache.clear(); // e.g. the head number went down while the read was in flight
    expect(await pending).toBeNull();
    expect(cache.sizes().misses).toBe(0);
    expect(await getTxView(TX)).toBeNull();
    expect(cache.sizes().misses).toBe(1);
    cache.clear();
    expect(cache.sizes().misses).toBe(0);
  });

  it("shares one read between concurrent views", async () => {
    fake.state.txs.set(TX, { blockNumber: 90 });
    await Promise.all(Array.from({ length: 20 }, () => getTxView(TX)));
    expect(calls()).toMatchObject({ getTransaction: 1, getTransactionReceipt: 1, getBlock: 1 });
  });
});

describe("bounds", () => {
  it("keeps at most the configured number of entries", async () => {
    fake.state.head = 5_000;
    for (let n = 0; n < 3_000; n += 250) {
      await Promise.all(Array.from({ length: 250 }, (_, i) => getBlockView(n + i)));
    }
    for (let n = 0; n < 3_000; n += 200) await getExplorerHome();
    const s = explorerChainCache().sizes();
    expect(s.blocks).toBeLessThanOrEqual(LIMITS.blocks);
    expect(s.headers).toBeLessThanOrEqual(LIMITS.headers);
    expect(s.flights).toBe(0);
  });

  it("remembers at most LIMITS.misses unknown hashes", async () => {
    const cache = new ExplorerChainCache(0);
    const hashOf = (i: number) => `0x${i.toString(16).padStart(64, "0")}` as Hex;
    for (let i = 0; i < LIMITS.misses + 100; i += 500) {
      const batch = Array.from({ length: 500 }, (_, j) => cache.tx(fake.client as never, hashOf(i + j)));
      await Promise.allSettled(batch);
    }
    expect(cache.sizes().misses).toBe(LIMITS.misses);
  });

  it("weighs full blocks by their transactions and transactions by their calldata", async () => {
    const cache = new ExplorerChainCache(0);
    const many = Array.from({ length: LIMITS.blockTxRows }, (_, i) => ({
      hash: `0x${i.toString(16).padStart(64, "0")}`,
      from: "0x0000000000000000000000000000000000000002",
      to: null,
      value: 0n,
    }));
    const huge = {
      ...fake.client,
      getBlock: async () => ({ ...(await fake.client.getBlock({ blockNumber: 1n })), transactions: many }),
    };
    await cache.block(huge as never, 1, 100);
    expect(cache.sizes().blocks).toBe(0); // heavier than the whole budget: not kept
    await cache.block(fake.client as never, 2, 100);
    expect(cache.sizes().blocks).toBe(1);
  });

  it("lets entries expire after ENTRY_TTL_MS", async () => {
    await getBlockView(50);
    vi.advanceTimersByTime(ENTRY_TTL_MS - 1_000);
    resetCalls();
    await getBlockView(50);
    expect(calls().getBlock).toBe(0);
    vi.advanceTimersByTime(1_001);
    // lru-cache reuses its clock reading for 1 ms (ttlResolution); let that lapse.
    await new Promise((r) => setTimeout(r, 5));
    await getBlockView(50);
    expect(calls().getBlock).toBe(1);
  });
});

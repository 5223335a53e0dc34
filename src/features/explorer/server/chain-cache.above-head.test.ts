// Block pages above the head: the head number is documented as "1 s; concurrent views share one
// request" (docs/ARCHITECTURE.md, "Caching"). `latest(client, atLeast)` used to read eth_blockNumber
// again whenever the reused head was below `atLeast`, so each view of /explorer/block/999999999 (a
// 404) cost one call. Only a block just above the head may read it again, and at most once per
// HEAD_RECHECK_MS.
import { beforeEach, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => {
  const state = { head: 100, getBlockNumber: 0, getBlock: 0 };
  const client = {
    getBlockNumber: async () => {
      state.getBlockNumber++;
      return BigInt(state.head);
    },
    getBlock: async () => {
      state.getBlock++;
      throw Object.assign(new Error("Block could not be found."), { name: "BlockNotFoundError" });
    },
    getTransaction: async () => {
      throw new Error("unused");
    },
    getTransactionReceipt: async () => {
      throw new Error("unused");
    },
  };
  return { state, client };
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
    TESTNET_RPC_URL: "http://fake-review",
    INDEXER_CONFIRMATIONS: 0,
  }),
}));
vi.mock("@/server/logger", async () => (await import("../testing")).silentLogger);

const { getBlockView } = await import("./data");
const { explorerChainCache, HEAD_NEXT_BLOCKS, HEAD_RECHECK_MS, HEAD_REUSE_MS } = await import(
  "./chain-cache"
);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "performance"] });
  vi.advanceTimersByTime(1_000);
  explorerChainCache().clear();
  fake.state.head = 100;
  fake.state.getBlockNumber = 0;
  fake.state.getBlock = 0;
});

describe("block pages above the head", () => {
  it("50 views of a far-future block within the head's reuse window cost at most a couple of eth_blockNumber", async () => {
    for (let i = 0; i < 50; i++) {
      expect(await getBlockView(999_999_999)).toBeNull(); // a 404 page, correctly
      vi.advanceTimersByTime(Math.floor(HEAD_REUSE_MS / 100)); // 50 views in half a second
    }
    expect(fake.state.getBlock).toBe(0);
    // The head is documented as read at most once per HEAD_REUSE_MS; here it is read once per view.
    expect(fake.state.getBlockNumber).toBeLessThanOrEqual(2);
  });

  it("a block just above the head reads it again, at most once per HEAD_RECHECK_MS", async () => {
    expect(await getBlockView(999_999_999)).toBeNull();
    expect(fake.state.getBlockNumber).toBe(1);
    fake.state.head = 101; // mined since the head was read
    // getBlock fails in this fake chain, so block 101 still reads as null; it was asked for, though.
    await getBlockView(101);
    expect(fake.state.getBlockNumber).toBe(2);
    expect(fake.state.getBlock).toBe(1);
    for (let i = 0; i < 20; i++) {
      expect(await getBlockView(101 + HEAD_NEXT_BLOCKS)).toBeNull();
      vi.advanceTimersByTime(Math.floor(HEAD_RECHECK_MS / 25));
    }
    // 20 views in 0.8 × HEAD_RECHECK_MS: no read beyond the one above.
    expect(fake.state.getBlockNumber).toBe(2);
    vi.advanceTimersByTime(HEAD_RECHECK_MS);
    await getBlockView(101 + HEAD_NEXT_BLOCKS);
    expect(fake.state.getBlockNumber).toBe(3);
  });
});

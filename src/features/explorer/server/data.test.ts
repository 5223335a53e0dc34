import { BlockNotFoundError, type Hex, HttpRequestError, TransactionNotFoundError } from "viem";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The address page during an RPC outage: every chain read fails, the database still answers.
const rpcDown = () => Promise.reject(new Error("HTTP request failed. Status: 503 fetch failed"));
const chain = vi.hoisted(() => ({
  getCode: vi.fn<() => Promise<string | undefined>>(),
  getTransactionCount: vi.fn<() => Promise<number>>(),
  balances: vi.fn<() => Promise<unknown>>(),
  getBlockNumber: vi.fn<() => Promise<bigint>>(),
  getBlock: vi.fn<() => Promise<unknown>>(),
  getTransaction: vi.fn<() => Promise<unknown>>(),
  deployed: true,
}));

vi.mock("@/chain/clients", () => ({
  testnetClient: () => ({
    getCode: chain.getCode,
    getTransactionCount: chain.getTransactionCount,
    getBlockNumber: chain.getBlockNumber,
    getBlock: chain.getBlock,
    getTransaction: chain.getTransaction,
    getTransactionReceipt: () => Promise.reject(new Error("unused")),
  }),
}));
vi.mock("@/db/client", () => ({ getDb: async () => ({}) }));
vi.mock("@/features/indexer/server", async () => (await import("../testing")).noIndexer);
vi.mock("@/features/names/server", async () => (await import("../testing")).noNames);
vi.mock("@/features/tokens/server", async () => (await import("../testing")).noDeployment);
vi.mock("@/features/wallet/server", () => ({
  balanceService: () => (chain.deployed ? { get: chain.balances } : null),
}));
vi.mock("@/server/config", () => ({ config: () => ({ NATIVE_SYMBOL: "AURUM", TESTNET_CHAIN_ID: 99199 }) }));
vi.mock("@/server/logger", async () => (await import("../testing")).silentLogger);

const { getAddressView, getBlockView, getExplorerHome, getTxView, TestnetUnreadableError } = await import(
  "./data"
);
const { explorerChainCache } = await import("./chain-cache");
const DISPERSE = "0x0000000000000000000000000000000000000006";

beforeEach(() => {
  explorerChainCache().clear();
  chain.getBlockNumber.mockImplementation(rpcDown);
  chain.getBlock.mockImplementation(rpcDown);
  chain.getTransaction.mockImplementation(rpcDown);
  chain.deployed = true;
  chain.getCode.mockImplementation(rpcDown);
  chain.getTransactionCount.mockImplementation(rpcDown);
  chain.balances.mockImplementation(rpcDown);
});

describe("getAddressView when the RPC fails", () => {
  it("reports the type, nonce and balances as unknown, not as an account with 0 transactions", async () => {
    const v = await getAddressView(DISPERSE, null);
    expect(v.isContract).toBeNull();
    expect(v.txCount).toBeNull();
    expect(v.balances).toMatchObject({ status: "unavailable", balances: [] });
  });

  it("keeps what it could read when only one call fails", async () => {
    chain.getCode.mockResolvedValue("0x6080");
    const v = await getAddressView(DISPERSE, null);
    expect(v.isContract).toBe(true);
    expect(v.txCount).toBeNull();
  });

  it("tells an address without code (undefined) from a failed read (null)", async () => {
    chain.getCode.mockResolvedValue(undefined);
    chain.getTransactionCount.mockResolvedValue(3);
    const v = await getAddressView(DISPERSE, null);
    expect(v).toMatchObject({ isContract: false, txCount: 3 });
  });

  it("leaves balances null (not deployed) when there is no balance service", async () => {
    chain.deployed = false;
    expect((await getAddressView(DISPERSE, null)).balances).toBeNull();
  });
});

// Review: the explorer's home page was a 500 while the RPC was down.
describe("getExplorerHome when the RPC fails", () => {
  it("answers 'not reachable' with no blocks (the page says so) instead of throwing", async () => {
    await expect(getExplorerHome()).resolves.toEqual({
      reachable: false,
      latest: null,
      indexedTo: null,
      blocks: [],
    });
  });

  it("is reachable again once the chain answers", async () => {
    chain.getBlockNumber.mockResolvedValue(0n);
    chain.getBlock.mockResolvedValue({
      number: 0n,
      hash: `0x${"01".repeat(32)}`,
      parentHash: `0x${"00".repeat(32)}`,
      timestamp: 1_700_000_000n,
      transactions: [],
    });
    expect(await getExplorerHome()).toMatchObject({ reachable: true, latest: 0, blocks: [{ number: 0 }] });
  });
});

// Review: "not found" was a text match, so an RPC URL answering HTTP 404 ("… Not Found") showed every
// block and transaction as nonexistent. Only viem's not-found errors (the node's null) are a 404 now.
describe("not found is the node's answer, not an HTTP 404", () => {
  const http404 = () =>
    Promise.reject(new HttpRequestError({ url: "http://fake/rpc", status: 404, details: "Not Found" }));
  const TX = `0x${"22".repeat(32)}` as Hex;

  it("a transaction the node does not know is null; an HTTP 404 is an error", async () => {
    chain.getTransaction.mockImplementation(() => Promise.reject(new TransactionNotFoundError({ hash: TX })));
    expect(await getTxView(TX)).toBeNull();
    explorerChainCache().clear();
    chain.getTransaction.mockImplementation(http404);
    const failure = await getTxView(TX).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TestnetUnreadableError);
    expect((failure as Error).cause).toBeInstanceOf(HttpRequestError);
  });

  it("a block the node does not know is null; an HTTP 404 is an error", async () => {
    chain.getBlockNumber.mockResolvedValue(10n);
    chain.getBlock.mockImplementation(() => Promise.reject(new BlockNotFoundError({ blockNumber: 5n })));
    expect(await getBlockView(5)).toBeNull();
    chain.getBlock.mockImplementation(http404);
    const failure = await getBlockView(6).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TestnetUnreadableError);
    expect((failure as Error).cause).toBeInstanceOf(HttpRequestError);
  });

  it("a head that cannot be read is the testnet being unreadable, not a missing block", async () => {
    explorerChainCache().clear();
    chain.getBlockNumber.mockImplementation(rpcDown);
    const failure = await getBlockView(7).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TestnetUnreadableError);
    expect((failure as Error).message).toMatch(/503/);
  });

  it("a not-found error wrapped as another error's cause still counts", async () => {
    chain.getTransaction.mockImplementation(() =>
      Promise.reject(new Error("wrapped", { cause: new TransactionNotFoundError({ hash: TX }) })),
    );
    expect(await getTxView(TX)).toBeNull();
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";

// The address page during an RPC outage: every chain read fails, the database still answers.
const rpcDown = () => Promise.reject(new Error("HTTP request failed. Status: 503 fetch failed"));
const chain = vi.hoisted(() => ({
  getCode: vi.fn<() => Promise<string | undefined>>(),
  getTransactionCount: vi.fn<() => Promise<number>>(),
  balances: vi.fn<() => Promise<unknown>>(),
  deployed: true,
}));

vi.mock("@/chain/clients", () => ({
  testnetClient: () => ({
    getCode: chain.getCode,
    getTransactionCount: chain.getTransactionCount,
    getBlockNumber: rpcDown,
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

const { getAddressView } = await import("./data");
const DISPERSE = "0x0000000000000000000000000000000000000006";

beforeEach(() => {
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

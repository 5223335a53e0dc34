import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type Hex,
  http,
  keccak256,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../../scripts/lib/anvil";
import { postgresPass } from "../../../../test/db";
import { freePort } from "../../../../test/ports";
import { ExplorerChainCache, HEAD_REUSE_MS, MISS_TTL_MS } from "./chain-cache";

// The explorer cache on a real Anvil: RPC calls counted at the transport, pending transactions,
// and an evm_revert that replaces mined blocks.

let anvil: Anvil;
let client: PublicClient;
const calls = new Map<string, number>();
const count = (m: string) => calls.get(m) ?? 0;
const sender = privateKeyToAccount(ANVIL_KEYS[1]);

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(anvil.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  const inner = http(anvil.url)({});
  client = createPublicClient({
    transport: custom({
      request: ({ method, params }) => {
        calls.set(method, count(method) + 1);
        return inner.request({ method, params } as never);
      },
    }),
  }) as PublicClient;
  for (let i = 0; i < 15; i++) await rpc("evm_mine");
});

afterAll(async () => {
  await anvil?.stop();
});

beforeEach(() => calls.clear());

describe.skipIf(postgresPass)("explorer chain cache on Anvil", () => {
  it("costs 1 + 10 calls for 20 concurrent cold home views and none for a warm one", async () => {
    const cache = new ExplorerChainCache(0);
    const views = await Promise.all(Array.from({ length: 20 }, () => cache.recent(client, 10)));
    expect(count("eth_blockNumber")).toBe(1);
    expect(count("eth_getBlockByNumber")).toBe(10);
    expect(new Set(views.map((v) => v.blocks[0]?.hash)).size).toBe(1);
    calls.clear();
    await cache.recent(client, 10);
    expect(count("eth_getBlockByNumber")).toBe(0);
  });

  it("never keeps a pending transaction, keeps it once mined", async () => {
    const cache = new ExplorerChainCache(0);
    const chain = defineChain({
      id: 99199,
      name: "anvil",
      nativeCurrency: { name: "A", symbol: "A", decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    });
    const wallet = createWalletClient({ account: sender, chain, transport: http(anvil.url) });
    await rpc("evm_setAutomine", [false]);
    try {
      const hash = await wallet.sendTransaction({
        to: privateKeyToAccount(ANVIL_KEYS[2]).address,
        value: 1n,
      });
      calls.clear();
      expect((await cache.tx(client, hash)).status).toBe("pending");
      expect((await cache.tx(client, hash)).status).toBe("pending");
      expect(count("eth_getTransactionByHash")).toBe(2);
      expect(cache.sizes().txs).toBe(0);
      await rpc("evm_mine");
      await sleep(HEAD_REUSE_MS);
      const mined = await cache.tx(client, hash);
      expect(mined.status).toBe("success");
      expect(mined.timestamp).not.toBeNull();
      calls.clear();
      expect(await cache.tx(client, hash)).toEqual(mined);
      expect(calls.size).toBe(0);
    } finally {
      await rpc("evm_setAutomine", [true]);
    }
  });

  it("asks the node once per MISS_TTL_MS for an unknown hash, and finds it once sent", async () => {
    const cache = new ExplorerChainCache(0);
    const unknown = `0x${"5a".repeat(32)}` as Hex;
    for (let i = 0; i < 20; i++) {
      await expect(cache.tx(client, unknown)).rejects.toMatchObject({ name: "TransactionNotFoundError" });
    }
    // Without the negative cache: 20 (one per view).
    expect(count("eth_getTransactionByHash")).toBe(1);

    // The same hash before and after its transaction reaches the node: signed first, sent later.
    const wallet = createWalletClient({
      account: sender,
      chain: defineChain({
        id: 99199,
        name: "anvil",
        nativeCurrency: { name: "A", symbol: "A", decimals: 18 },
        rpcUrls: { default: { http: [anvil.url] } },
      }),
      transport: http(anvil.url),
    });
    const request = await wallet.prepareTransactionRequest({
      to: privateKeyToAccount(ANVIL_KEYS[2]).address,
      value: 1n,
    });
    const raw = await wallet.signTransaction(request);
    const hash = keccak256(raw);
    await expect(cache.tx(client, hash)).rejects.toMatchObject({ name: "TransactionNotFoundError" });
    await wallet.sendRawTransaction({ serializedTransaction: raw });
    await sleep(MISS_TTL_MS + 50);
    expect((await cache.tx(client, hash)).status).toBe("success");
  });

  it("does not show blocks replaced by evm_revert", async () => {
    const cache = new ExplorerChainCache(0);
    const snap = await rpc<Hex>("evm_snapshot");
    await rpc("evm_mine");
    await rpc("evm_mine");
    const before = await cache.recent(client, 10);
    await rpc("evm_revert", [snap]);
    await sleep(HEAD_REUSE_MS);
    // The chain is shorter: the cache is emptied on the first head read that sees it.
    const shorter = await cache.recent(client, 10);
    expect(shorter.latest).toBe(before.latest - 2);
    // Grown again to the same height, with other blocks (other timestamps).
    await rpc("evm_increaseTime", [60]);
    await rpc("evm_mine");
    await rpc("evm_mine");
    await sleep(HEAD_REUSE_MS);
    const after = await cache.recent(client, 10);
    expect(after.latest).toBe(before.latest);
    const real = await client.getBlock({ blockNumber: BigInt(after.latest) });
    expect(after.blocks[0]?.hash).toBe(real.hash);
    expect(after.blocks[0]?.hash).not.toBe(before.blocks[0]?.hash);
  });
});

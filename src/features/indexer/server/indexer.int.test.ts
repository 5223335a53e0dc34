import { eq } from "drizzle-orm";
import { maxUint256, type PublicClient, parseEther, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disperseAbi, routerAbi, testTokenAbi } from "@/chain/generated";
import type { DbHandle } from "@/db/client";
import { chainEvents, indexerBlocks, users } from "@/db/schema";
import { testDb } from "../../../../test/db";
import { bloomBits, bloomMayContain } from "./bloom";
import { type WatchList, watchListFromDeployment } from "./contracts";
import { ChainIndexer, type StepResult } from "./indexer";
import { accountActivity } from "./queries";
import { startTestChain, type TestChain } from "./test-chain";
import { indexerClientFor } from "./worker";

const silent = { info: () => {}, warn: () => {}, error: () => {} };
let chain: TestChain;
let h: DbHandle;
let watch: WatchList;

function makeIndexer(client?: PublicClient, maxRange = 500) {
  return new ChainIndexer({
    db: h.db,
    client: client ?? indexerClientFor(chain.anvil.url, chain.chain),
    chainId: 99199,
    watch,
    confirmations: 0,
    maxRange,
    pollIntervalMs: 50,
    log: silent,
  });
}

async function catchUp(ix: ChainIndexer): Promise<StepResult[]> {
  const steps: StepResult[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await ix.step();
    steps.push(r);
    if (r.status === "idle") return steps;
  }
  throw new Error("indexer did not catch up");
}

const ctx = () => ({ watch, chainId: 99199, explorerUrl: "http://portal.test/explorer" });

beforeAll(async () => {
  chain = await startTestChain();
  h = await testDb();
  watch = watchListFromDeployment(chain.deployment, { nativeSymbol: "AURUM", nativeName: "Aurum" });
  for (const i of [2, 3])
    await h.db.insert(users).values({ address: chain.address(i).toLowerCase(), referralCode: `REF2345${i}` });
});
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

describe("indexing", () => {
  it("indexes Disperse payouts, transfers, native sends and swaps as participant activity", async () => {
    const c = chain.deployment.contracts;
    const [alice, bob] = [chain.address(2), chain.address(3)];
    const faucet = chain.wallet(1);
    const send = async (p: Promise<`0x${string}`>) => chain.pub.waitForTransactionReceipt({ hash: await p });

    await send(
      faucet.writeContract({
        chain: chain.chain,
        address: c.tUSD.address,
        abi: testTokenAbi,
        functionName: "approve",
        args: [c.disperse.address, maxUint256],
      }),
    );
    await send(
      faucet.writeContract({
        chain: chain.chain,
        address: c.disperse.address,
        abi: disperseAbi,
        functionName: "disperseToken",
        args: [c.tUSD.address, [alice, bob], [parseUnits("100", 6), parseUnits("100", 6)]],
      }),
    );
    await send(
      faucet.writeContract({
        chain: chain.chain,
        address: c.disperse.address,
        abi: disperseAbi,
        functionName: "disperseNative",
        args: [
          [alice, bob],
          [parseEther("1"), parseEther("1")],
        ],
        value: parseEther("2"),
      }),
    );
    await send(chain.wallet(2).sendTransaction({ chain: chain.chain, to: bob, value: parseEther("0.25") }));
    const tokenTransfer = await send(
      chain.wallet(2).writeContract({
        chain: chain.chain,
        address: c.tUSD.address,
        abi: testTokenAbi,
        functionName: "transfer",
        args: [bob, parseUnits("7.5", 6)],
      }),
    );
    // Our bloom reading agrees with a real node's header (the lagging-RPC check relies on it).
    const { logsBloom } = await chain.pub.getBlock({ blockNumber: tokenTransfer.blockNumber });
    expect(bloomMayContain(logsBloom, [bloomBits(c.tUSD.address)])).toBe(true);
    expect(bloomMayContain(logsBloom, [bloomBits(c.stakingLP.address)])).toBe(false);
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    await send(
      chain.wallet(2).writeContract({
        chain: chain.chain,
        address: c.router.address,
        abi: routerAbi,
        functionName: "swapExactETHForTokens",
        args: [0n, [c.wrappedNative.address, c.tUSD.address], alice, deadline],
        value: parseEther("0.1"),
      }),
    );

    const ix = makeIndexer();
    const steps = await catchUp(ix);
    expect(steps.filter((st) => st.status === "retry")).toEqual([]);
    expect(await ix.cursor()).toBe(Number(await chain.pub.getBlockNumber()));

    const a = await accountActivity(h.db, alice, { ctx: ctx(), limit: 50 });
    const kinds = a.data.map((x) => x.kind);
    expect(kinds).toEqual(["swap", "send", "send", "faucet", "faucet"]);
    const [swap, tokenSend, nativeSend, nativeFaucet, tokenFaucet] = a.data;
    expect(swap!.transfers.map((t) => [t.direction, t.symbol])).toEqual([
      ["out", "AURUM"],
      ["in", "tUSD"],
    ]);
    expect(swap!.transfers[0]!.quantity).toEqual({ decimals: "18", numeric: parseEther("0.1").toString() });
    expect(tokenSend!.transfers).toEqual([
      {
        direction: "out",
        name: "Test USD",
        symbol: "tUSD",
        address: `eip155:99199:${c.tUSD.address}`,
        quantity: { decimals: "6", numeric: "7500000" },
      },
    ]);
    expect(tokenSend!.counterparty).toBe(bob.toLowerCase());
    expect(nativeSend!.transfers[0]).toMatchObject({
      direction: "out",
      symbol: "AURUM",
      quantity: { numeric: parseEther("0.25").toString() },
    });
    expect(nativeSend!.transfers[0]).not.toHaveProperty("address");
    expect(nativeFaucet!.transfers[0]).toMatchObject({
      direction: "in",
      symbol: "AURUM",
      quantity: { numeric: parseEther("1").toString() },
    });
    expect(tokenFaucet!.transfers[0]).toMatchObject({
      direction: "in",
      symbol: "tUSD",
      quantity: { numeric: "100000000" },
    });
    expect(swap!.explorerUrl).toBe(`http://portal.test/explorer/tx/${swap!.txHash}`);
    expect(swap!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const b = await accountActivity(h.db, bob, { ctx: ctx(), limit: 50 });
    expect(b.data.map((x) => x.kind)).toEqual(["receive", "receive", "faucet", "faucet"]);
    expect(b.data[0]!.counterparty).toBe(alice.toLowerCase());

    // Paging: one transaction per page, no overlap, ends with next = null.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof accountActivity>> = await accountActivity(h.db, alice, {
        ctx: ctx(),
        limit: 2,
        cursor,
      });
      seen.push(...page.data.map((x) => x.txHash));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(a.data.map((x) => x.txHash));

    // Re-running over the same blocks writes no duplicates (unique block/tx/log).
    const before = (await h.db.select().from(chainEvents)).length;
    const again = makeIndexer();
    await h.db.delete(indexerBlocks);
    await h.exec("UPDATE indexer_cursors SET block_number = block_number - 5");
    await catchUp(again);
    expect((await h.db.select().from(chainEvents)).length).toBe(before);
  });

  it("halves the block range when the RPC refuses it and still indexes everything", async () => {
    const real = indexerClientFor(chain.anvil.url, chain.chain);
    const sizes: number[] = [];
    const picky = {
      ...real,
      getLogs: (args: { fromBlock: bigint; toBlock: bigint }) => {
        const span = Number(args.toBlock - args.fromBlock) + 1;
        sizes.push(span);
        if (span > 4) return Promise.reject(new Error("query exceeds max block range 4"));
        return real.getLogs(args as never);
      },
    } as unknown as PublicClient;
    for (let i = 0; i < 12; i++) await chain.rpc("evm_mine");
    const ix = makeIndexer(picky, 64);
    await h.exec("UPDATE indexer_cursors SET block_number = block_number - 12");
    const ac = new AbortController();
    const running = ix.run(ac.signal);
    const head = Number(await chain.pub.getBlockNumber());
    await waitFor(async () => (await ix.cursor()) >= head);
    ac.abort();
    await running;
    expect(sizes[0]).toBe(24);
    expect(Math.max(...sizes.slice(-3))).toBeLessThanOrEqual(4);
    expect(ix.range.size).toBeLessThanOrEqual(8);
  });
});

describe("reorgs", () => {
  it("removes rows of reverted blocks and indexes the new chain", async () => {
    const ix = makeIndexer();
    await catchUp(ix);
    const snap = await chain.rpc<string>("evm_snapshot");
    const bob = chain.address(3);
    const lost = await chain.wallet(2).sendTransaction({ chain: chain.chain, to: bob, value: 111n });
    await chain.pub.waitForTransactionReceipt({ hash: lost });
    await catchUp(ix);
    expect(await rowsOf(lost)).toBe(1);
    const oldHead = Number(await chain.pub.getBlockNumber());

    await chain.rpc("evm_revert", [snap]);
    // Different contents at the same heights → different hashes.
    await chain.rpc("evm_mine");
    const kept = await chain.wallet(2).sendTransaction({ chain: chain.chain, to: bob, value: 222n });
    await chain.pub.waitForTransactionReceipt({ hash: kept });
    expect(Number(await chain.pub.getBlockNumber())).toBeGreaterThanOrEqual(oldHead);

    const steps = await catchUp(ix);
    expect(steps.some((s) => s.status === "rewound")).toBe(true);
    expect(await rowsOf(lost)).toBe(0);
    expect(await rowsOf(kept)).toBe(1);
    const stored = await h.db.select().from(indexerBlocks).where(eq(indexerBlocks.number, oldHead));
    expect(stored[0]?.hash).toBe((await chain.pub.getBlock({ blockNumber: BigInt(oldHead) })).hash);
  });

  it("notices a revert to a shorter chain while idle", async () => {
    const ix = makeIndexer();
    await catchUp(ix);
    const snap = await chain.rpc<string>("evm_snapshot");
    const lost = await chain
      .wallet(3)
      .sendTransaction({ chain: chain.chain, to: chain.address(2), value: 333n });
    await chain.pub.waitForTransactionReceipt({ hash: lost });
    await catchUp(ix);
    await chain.rpc("evm_revert", [snap]);
    await catchUp(ix);
    expect(await rowsOf(lost)).toBe(0);
  });
});

describe("RPC outage", () => {
  it("backs off while the node is down and resumes where it stopped", async () => {
    const ix = makeIndexer();
    await catchUp(ix);
    const ac = new AbortController();
    const running = ix.run(ac.signal);
    await chain.restart(1500);
    const hash = await chain
      .wallet(2)
      .sendTransaction({ chain: chain.chain, to: chain.address(3), value: 444n });
    await chain.pub.waitForTransactionReceipt({ hash });
    await waitFor(async () => (await rowsOf(hash)) === 1, 30_000);
    ac.abort();
    await running;
    expect(await ix.cursor()).toBe(Number(await chain.pub.getBlockNumber()));
  });
});

async function rowsOf(hash: string): Promise<number> {
  return (await h.db.select().from(chainEvents).where(eq(chainEvents.txHash, hash.toLowerCase()))).length;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("condition not met in time");
}

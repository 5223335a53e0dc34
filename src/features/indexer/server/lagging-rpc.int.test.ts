// An RPC behind a load balancer can answer eth_getLogs from a node that has not reached blocks
// another node already served, and that node answers [] rather than an error. The indexer must not
// take that for "no logs" and move its cursor past those blocks for good (on-chain tasks read
// chain_events): a block whose logs bloom names a watched contract is asked again by block hash.
import { and, eq } from "drizzle-orm";
import {
  type Address,
  BlockNotFoundError,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  hexToBytes,
  keccak256,
  type PublicClient,
  toHex,
} from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testTokenAbi } from "@/chain/generated";
import type { DbHandle } from "@/db/client";
import { chainEvents } from "@/db/schema";
import { testDb } from "../../../../test/db";
import { watchListFromDeployment } from "./contracts";
import { fakeDeployment } from "./fixtures";
import { ChainIndexer, type IndexerOptions, type StepResult } from "./indexer";

type FakeLog = { address: Address; topics: Hex[]; data: Hex; txHash: Hex; logIndex: number };
type FakeTx = { hash: Hex; from: Address; to: Address; value: bigint; input: Hex; logs: FakeLog[] };

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;

/** The 2048-bit logs bloom of Ethereum headers. */
function bloomOf(logs: FakeLog[]): Hex {
  const bloom = new Uint8Array(256);
  const add = (bytes: Uint8Array) => {
    const h = hexToBytes(keccak256(bytes));
    for (const i of [0, 2, 4]) {
      const bit = ((h[i]! << 8) | h[i + 1]!) & 2047;
      bloom[255 - (bit >> 3)]! |= 1 << (bit & 7);
    }
  };
  for (const l of logs) {
    add(hexToBytes(l.address));
    for (const t of l.topics) add(hexToBytes(t));
  }
  return toHex(bloom);
}

type Lag = {
  /** How many getLogs calls a node that only knows blocks up to `lagHead` answers. */
  lagCalls: number;
  lagHead: number;
  /** Blocks whose header bloom has every bit set (a bloom false positive for any address). */
  saturatedBloom?: number[];
};

/** A small honest chain, except that the first `lagCalls` getLogs calls reach a lagging node. */
function fakeChain(head: number, txsAt: Map<number, FakeTx[]>, lag: Lag) {
  const hashOf = (n: number) => keccak256(toHex(`block-${n}`));
  const block = (n: number) => {
    const txs = txsAt.get(n) ?? [];
    return {
      number: BigInt(n),
      hash: hashOf(n),
      parentHash: n === 0 ? (`0x${"0".repeat(64)}` as Hex) : hashOf(n - 1),
      timestamp: BigInt(1_800_000_000 + n),
      logsBloom: lag.saturatedBloom?.includes(n)
        ? (`0x${"ff".repeat(256)}` as Hex)
        : bloomOf(txs.flatMap((t) => t.logs)),
      transactions: txs.map((t, i) => ({ ...t, transactionIndex: i, blockNumber: BigInt(n) })),
    };
  };
  const logsOf = (n: number) =>
    (txsAt.get(n) ?? []).flatMap((t, i) =>
      t.logs.map((l) => ({
        address: l.address,
        topics: l.topics,
        data: l.data,
        blockNumber: BigInt(n),
        blockHash: hashOf(n),
        transactionHash: l.txHash,
        transactionIndex: i,
        logIndex: l.logIndex,
        removed: false,
      })),
    );
  const calls = { range: 0, byHash: 0 };
  let logCalls = 0;
  const client = {
    getBlockNumber: async () => BigInt(head),
    getBlock: async ({ blockNumber, blockHash }: { blockNumber?: bigint; blockHash?: Hex }) => {
      const n = blockHash
        ? [...Array(head + 1).keys()].find((i) => hashOf(i) === blockHash)
        : Number(blockNumber);
      if (n === undefined || n > head) throw new BlockNotFoundError({ blockNumber });
      const b = block(n);
      return b;
    },
    getLogs: async (args: { fromBlock?: bigint; toBlock?: bigint; blockHash?: Hex }) => {
      logCalls += 1;
      const known = logCalls <= lag.lagCalls ? lag.lagHead : head;
      if (args.blockHash) {
        calls.byHash += 1;
        const n = [...Array(head + 1).keys()].find((i) => hashOf(i) === args.blockHash);
        if (n === undefined || n > known) throw new Error("unknown block");
        return logsOf(n);
      }
      calls.range += 1;
      const out = [];
      for (let n = Number(args.fromBlock); n <= Math.min(Number(args.toBlock), known); n++)
        out.push(...logsOf(n));
      return out;
    },
    getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
      for (const [n, txs] of txsAt) {
        const i = txs.findIndex((t) => t.hash === hash);
        if (i >= 0)
          return {
            status: "success",
            blockNumber: BigInt(n),
            logs: logsOf(n).filter((l) => l.transactionHash === hash),
          };
      }
      throw new Error("receipt not found");
    },
  };
  return { client: client as unknown as PublicClient, calls };
}

let h: DbHandle;
beforeAll(async () => {
  h = await testDb();
});
beforeEach(async () => {
  await h.exec("DELETE FROM chain_events; DELETE FROM indexer_blocks; DELETE FROM indexer_cursors");
});
afterAll(async () => {
  await h?.close();
});

const watch = () => watchListFromDeployment(fakeDeployment(), { nativeSymbol: "AURUM", nativeName: "Aurum" });
const alice = addr(0xa11ce);
const bob = addr(0xb0b);
const txHash = keccak256(toHex("alice pays bob"));

/** Block 15 holds one tUSD transfer from alice to bob. */
function chainWithTransfer(lag: Lag) {
  const tUSD = fakeDeployment().contracts.tUSD.address;
  const transfer: FakeLog = {
    address: tUSD,
    topics: encodeEventTopics({
      abi: testTokenAbi,
      eventName: "Transfer",
      args: { from: alice, to: bob },
    }) as Hex[],
    data: encodeAbiParameters([{ type: "uint256" }], [5_000_000n]),
    txHash,
    logIndex: 0,
  };
  const txsAt = new Map<number, FakeTx[]>([
    [15, [{ hash: txHash, from: alice, to: tUSD, value: 0n, input: "0xa9059cbb", logs: [transfer] }]],
  ]);
  return fakeChain(20, txsAt, lag);
}

const indexerOn = (client: IndexerOptions["client"]) =>
  new ChainIndexer({ db: h.db, client, chainId: 99199, watch: watch(), confirmations: 0, log: silent });

async function catchUp(ix: ChainIndexer): Promise<StepResult[]> {
  const steps: StepResult[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await ix.step();
    steps.push(r);
    if (r.status === "idle") return steps;
  }
  throw new Error("indexer did not catch up");
}

async function transferRows() {
  const rows = await h.db
    .select()
    .from(chainEvents)
    .where(and(eq(chainEvents.txHash, txHash), eq(chainEvents.kind, "transfer")));
  return rows.map((r) => [r.blockNumber, r.fromAddress, r.toAddress, r.amount]);
}
const indexedTransfer = () => [[15, alice.toLowerCase(), bob.toLowerCase(), "5000000"]];

describe("indexer vs. an RPC whose getLogs lags behind its blocks", () => {
  it("with an honest RPC indexes the transfer without asking again by block hash", async () => {
    const { client, calls } = chainWithTransfer({ lagCalls: 0, lagHead: 0 });
    const ix = indexerOn(client);
    await catchUp(ix);
    expect(await transferRows()).toEqual(indexedTransfer());
    expect(calls.byHash).toBe(0);
  });

  it("asks again by block hash for a block whose bloom names a watched contract but got no logs", async () => {
    // Head 20; the node answering the range query has only reached block 12.
    const { client, calls } = chainWithTransfer({ lagCalls: 1, lagHead: 12 });
    const ix = indexerOn(client);
    const steps = await catchUp(ix);
    expect(steps[0]).toMatchObject({ status: "indexed", to: 20 });
    expect(await transferRows()).toEqual(indexedTransfer());
    expect(calls.byHash).toBe(1);
  });

  it("retries, without moving the cursor, while the node asked by hash does not have the block yet", async () => {
    // The range query and the first question by hash both reach the lagging node.
    const { client } = chainWithTransfer({ lagCalls: 2, lagHead: 12 });
    const ix = indexerOn(client);
    const first = await ix.step();
    expect(first).toEqual({ status: "retry", reason: "logs_not_served", block: 15 });
    expect(await ix.cursor()).toBe(watch().startBlock - 1);
    await catchUp(ix);
    expect(await transferRows()).toEqual(indexedTransfer());
  });

  it("indexes a block whose bloom is a false positive after one question by hash", async () => {
    const { client, calls } = chainWithTransfer({ lagCalls: 0, lagHead: 0, saturatedBloom: [17] });
    const ix = indexerOn(client);
    const steps = await catchUp(ix);
    expect(steps.map((s) => s.status)).toEqual(["indexed", "idle"]);
    expect(calls.byHash).toBe(1);
    expect(await transferRows()).toEqual(indexedTransfer());
  });
});

// airdrop.claimed webhooks are keyed by the claim (distributor, Merkle index), not by its log: a
// reorg that re-mines the same claim at another log index, block or transaction must not give
// receivers, who de-duplicate on x-aurum-event-id, a second event for one claim.
import { eq } from "drizzle-orm";
import {
  type Address,
  BlockNotFoundError,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  keccak256,
  type PublicClient,
  toHex,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merkleDistributorAbi, testTokenAbi } from "@/chain/generated";
import type { DbHandle } from "@/db/client";
import { chainEvents, webhookEndpoints, webhookEvents } from "@/db/schema";
import { testDb } from "../../../../test/db";
import { watchListFromDeployment } from "./contracts";
import { fakeDeployment } from "./fixtures";
import { ChainIndexer, type StepResult } from "./indexer";

type FakeLog = { address: Address; topics: Hex[]; data: Hex };
type FakeTx = { hash: Hex; from: Address; to: Address; logs: FakeLog[] };

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;

/** A chain whose blocks from `forkAt` on can be replaced (a reorg). */
function fakeChain() {
  const state = { head: 20, fork: "a", forkAt: 1_000_000, txsAt: new Map<number, FakeTx[]>() };
  const hashOf = (n: number) => keccak256(toHex(n >= state.forkAt ? `${state.fork}-${n}` : `a-${n}`));
  const block = (n: number) => {
    const txs = state.txsAt.get(n) ?? [];
    return {
      number: BigInt(n),
      hash: hashOf(n),
      parentHash: n === 0 ? (`0x${"0".repeat(64)}` as Hex) : hashOf(n - 1),
      timestamp: BigInt(1_800_000_000 + n),
      transactions: txs.map((t, i) => ({ ...t, value: 0n, input: "0x", transactionIndex: i })),
    };
  };
  const logsOf = (n: number) => {
    let logIndex = 0;
    return (state.txsAt.get(n) ?? []).flatMap((t, i) =>
      t.logs.map((l) => ({
        ...l,
        blockNumber: BigInt(n),
        blockHash: hashOf(n),
        transactionHash: t.hash,
        transactionIndex: i,
        logIndex: logIndex++,
        removed: false,
      })),
    );
  };
  const client = {
    getBlockNumber: async () => BigInt(state.head),
    getBlock: async ({ blockNumber }: { blockNumber: bigint }) => {
      if (Number(blockNumber) > state.head) throw new BlockNotFoundError({ blockNumber });
      return block(Number(blockNumber));
    },
    getLogs: async ({ fromBlock, toBlock }: { fromBlock: bigint; toBlock: bigint }) => {
      const out = [];
      for (let n = Number(fromBlock); n <= Math.min(Number(toBlock), state.head); n++) out.push(...logsOf(n));
      return out;
    },
    getTransactionReceipt: async () => ({ status: "success" }),
  };
  return { state, client: client as unknown as PublicClient };
}

let h: DbHandle;
beforeAll(async () => {
  h = await testDb();
});
afterAll(async () => {
  await h?.close();
});

describe("airdrop.claimed webhooks across a reorg", () => {
  it("emits one event for one claim, even when reorgs move it to another log index, block or transaction", async () => {
    await h.db
      .insert(webhookEndpoints)
      .values({ url: "https://receiver.example/hook", secret: "s".repeat(32) });
    const d = fakeDeployment();
    const watch = watchListFromDeployment(d, { nativeSymbol: "AURUM", nativeName: "Aurum" });
    const tUSD = d.contracts.tUSD.address;
    const distributor = addr(0xd157);
    const alice = addr(0xa11ce);
    const transferLog = (from: Address, to: Address, value: bigint): FakeLog => ({
      address: tUSD,
      topics: encodeEventTopics({ abi: testTokenAbi, eventName: "Transfer", args: { from, to } }) as Hex[],
      data: encodeAbiParameters([{ type: "uint256" }], [value]),
    });
    const claim: FakeTx = {
      hash: keccak256(toHex("alice claims")),
      from: alice,
      to: distributor,
      logs: [
        transferLog(distributor, alice, 100n),
        {
          address: distributor,
          topics: encodeEventTopics({
            abi: merkleDistributorAbi,
            eventName: "Claimed",
            args: { account: alice },
          }) as Hex[],
          data: encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [7n, 100n]),
        },
      ],
    };
    const other: FakeTx = {
      hash: keccak256(toHex("someone else")),
      from: addr(0xb0b),
      to: tUSD,
      logs: [transferLog(addr(0xb0b), addr(0xca7), 1n)],
    };
    const { state, client } = fakeChain();
    state.txsAt.set(15, [claim]);
    const ix = new ChainIndexer({
      db: h.db,
      client,
      chainId: 99199,
      watch,
      confirmations: 0,
      log: silent,
      extraDistributors: async () => [{ address: distributor, token: tUSD }],
    });
    const catchUp = async () => {
      const steps: StepResult[] = [];
      for (let i = 0; i < 20; i++) {
        const r = await ix.step();
        steps.push(r);
        if (r.status === "idle") return steps;
      }
      throw new Error("did not catch up");
    };
    await catchUp();
    expect(await claimEvents()).toHaveLength(1);

    // Reorg from block 15: the new block 15 has another transaction first, then the same claim.
    state.fork = "b";
    state.forkAt = 15;
    state.txsAt.set(15, [other, claim]);
    state.head = 21;
    const steps = await catchUp();
    expect(steps.some((s) => s.status === "rewound")).toBe(true);

    const events = await claimEvents();
    expect(events.map((e) => (e.payload as { txHash: string }).txHash)).toEqual([claim.hash]);
    expect(events.map((e) => e.dedupeKey)).toEqual([`airdrop.claimed:${distributor.toLowerCase()}:7`]);

    // A deeper reorg drops the claim; its owner sends it again and it lands in block 18 in a new
    // transaction. Still one claim, so still one event (its payload is the first sighting's).
    state.fork = "c";
    state.forkAt = 14;
    state.txsAt.delete(15);
    const again = { ...claim, hash: keccak256(toHex("alice claims again")) };
    state.txsAt.set(18, [again]);
    state.head = 22;
    await catchUp();
    expect(await claimEvents()).toHaveLength(1);
    const rows = await h.db.select().from(chainEvents).where(eq(chainEvents.kind, "claim"));
    expect(rows.map((r) => [r.blockNumber, r.txHash])).toEqual([[18, again.hash]]);
  });
});

async function claimEvents() {
  return h.db.select().from(webhookEvents).where(eq(webhookEvents.type, "airdrop.claimed"));
}

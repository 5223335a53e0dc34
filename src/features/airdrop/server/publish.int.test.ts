import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { and, eq } from "drizzle-orm";
import { type Address, encodeFunctionData, type Hex, maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { merkleDistributorAbi, testTokenAbi } from "@/chain/generated";
import {
  airdropAllocations,
  airdropIneligible,
  airdropRounds,
  airdropTreeChunks,
  airdropTxs,
} from "@/db/schema";
import type { ApiError } from "@/server/errors";
import { type PublishStep, publishRound, sweepRound } from "./publish";
import { createRound, getRound } from "./rounds";
import { sendOnce, type TxKind } from "./sender";
import { HOUR, publishTestSetup } from "./testing";
import { LEAF_ENCODING } from "./tree";
import { treeJson } from "./tree-serve";

const fx = publishTestSetup({ participants: 40, roundName: "Crash test" });
const { draft, nonce } = fx;

async function expectPublished(id: string, sentBefore: number, txs: number) {
  const r = await getRound(fx.db, id);
  expect(r.status).toBe("published");
  expect(await nonce()).toBe(sentBefore + txs);
  const dist = r.distributorAddress as Address;
  expect((await fx.c.read<string>(dist, merkleDistributorAbi, "merkleRoot")).toLowerCase()).toBe(
    r.merkleRoot,
  );
  expect(await fx.c.read<bigint>(r.tokenAddress as Address, testTokenAbi, "balanceOf", [dist])).toBe(
    BigInt(r.totalAmount),
  );
  return r;
}

class Crash extends Error {}

describe("publishing a round", () => {
  const steps: PublishStep[] = ["frozen", "token", "deployed", "funded", "published"];
  for (const step of steps) {
    it(`survives a crash after step "${step}": the retry sends nothing twice and keeps the root`, async () => {
      const r0 = await draft();
      const before = await nonce();
      await expect(
        publishRound(fx.db, r0.id, {
          env: fx.env,
          hooks: {
            afterStep: (s) => {
              if (s === step) throw new Crash(s);
            },
          },
        }),
      ).rejects.toBeInstanceOf(Crash);
      const mid = await getRound(fx.db, r0.id);
      expect(mid.lastError).toBe(step);
      await publishRound(fx.db, r0.id, { env: fx.env });
      const r = await expectPublished(r0.id, before, 3);
      expect(r.merkleRoot).toBe(mid.merkleRoot);
      expect(r.lastError).toBeNull();
    });
  }

  const kinds: TxKind[] = ["token", "deploy", "fund"];
  for (const kind of kinds) {
    it(`survives a crash between recording and broadcasting the ${kind} transaction`, async () => {
      const r0 = await draft();
      const before = await nonce();
      await expect(
        publishRound(fx.db, r0.id, {
          env: fx.env,
          hooks: {
            afterRecord: (k) => {
              if (k === kind) throw new Crash(k);
            },
          },
        }),
      ).rejects.toBeInstanceOf(Crash);
      const [rec] = await fx.db
        .select()
        .from(airdropTxs)
        .where(eq(airdropTxs.kind, kind))
        .orderBy(airdropTxs.createdAt);
      expect(rec).toBeDefined();
      await publishRound(fx.db, r0.id, { env: fx.env });
      await expectPublished(r0.id, before, 3);
      // The broadcast transaction is the one stored before the crash.
      const txs = await fx.db.select().from(airdropTxs).where(eq(airdropTxs.roundId, r0.id));
      expect(txs.map((t) => t.kind).sort()).toEqual(["deploy", "fund", "token"]);
    });
  }

  it("publishing a published round again does nothing", async () => {
    const r0 = await draft();
    await publishRound(fx.db, r0.id, { env: fx.env });
    const before = await nonce();
    const again = await publishRound(fx.db, r0.id, { env: fx.env });
    expect(again.status).toBe("published");
    expect(await nonce()).toBe(before);
  });

  it("two jobs at once: one publishes, the other is refused, three transactions in all", async () => {
    const r0 = await draft();
    const before = await nonce();
    const results = await Promise.allSettled([
      publishRound(fx.db, r0.id, { env: fx.env }),
      publishRound(fx.db, r0.id, { env: fx.env }),
    ]);
    const refused = results.filter((x) => x.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(((refused[0] as PromiseRejectedResult).reason as ApiError).code).toBe("PUBLISH_IN_PROGRESS");
    await expectPublished(r0.id, before, 3);
  });

  it("a mined fund transfer is not sent again when the RPC fails its receipt lookups", async () => {
    const r0 = await draft();
    const published = await publishRound(fx.db, r0.id, { env: fx.env });
    const fundTx = and(eq(airdropTxs.roundId, r0.id), eq(airdropTxs.kind, "fund"));
    const [mined] = await fx.db.select().from(airdropTxs).where(fundTx);
    // A rate-limited (or lagging) RPC: every receipt and transaction lookup fails. Re-broadcasting the
    // stored bytes gets "nonce too low", and that alone must not prove the nonce went elsewhere.
    const limited = new Proxy(fx.env.client, {
      get(target, prop, receiver) {
        if (prop === "getTransactionReceipt" || prop === "getTransaction")
          return async () => {
            throw new Error("HTTP request failed. Status: 429");
          };
        return Reflect.get(target, prop, receiver);
      },
    });
    const before = await nonce();
    const build = async () => ({
      to: published.tokenAddress as Address,
      data: encodeFunctionData({
        abi: testTokenAbi,
        functionName: "transfer",
        args: [published.distributorAddress as Address, 1n],
      }),
    });
    await expect(sendOnce(fx.db, { ...fx.env, client: limited }, r0.id, "fund", build)).rejects.toThrow(
      /429/,
    );
    expect(await nonce()).toBe(before);
    const [after] = await fx.db.select().from(airdropTxs).where(fundTx);
    expect(after?.hash).toBe(mined?.hash);
  });

  it("sweeps once the deadline has passed although no block was mined since (a quiet local chain)", async () => {
    // Deadline a few seconds ahead, in the chain's time: the chain's clock may run ahead of ours
    // after other tests moved it.
    const head = await fx.env.client.getBlock({ blockTag: "latest" });
    const chainNow = Math.max(Date.now(), Number(head.timestamp) * 1000);
    const r0 = await draft({ deadline: new Date(chainNow + 6_000).toISOString() });
    const published = await publishRound(fx.db, r0.id, { env: fx.env });
    const lastMined = await fx.env.client.getBlock({ blockTag: "latest" });
    await new Promise((r) => setTimeout(r, chainNow + 7_500 - Date.now()));
    // Nothing was mined since publishing: the latest block still predates the deadline.
    expect((await fx.env.client.getBlock({ blockTag: "latest" })).number).toBe(lastMined.number);
    expect(lastMined.timestamp * 1000n).toBeLessThan(BigInt(published.deadline.getTime()));
    const swept = await sweepRound(fx.db, r0.id, undefined, fx.env.account.address, { env: fx.env });
    expect(swept.sweptAt).not.toBeNull();
  });

  it("funds from the deployer's balance for a given ERC-20, and refuses when it holds too little", async () => {
    const token = await fx.givenToken("GIV", 6);
    const r0 = await draft({ token });
    expect(r0).toMatchObject({ tokenMode: "existing", tokenSymbol: "GIV", tokenDecimals: 6 });
    await expect(publishRound(fx.db, r0.id, { env: fx.env })).rejects.toThrow(/holds 0 base units/);
    expect((await getRound(fx.db, r0.id)).status).toBe("deployed");
    await fx.mintToPublisher(token);
    await publishRound(fx.db, r0.id, { env: fx.env });
    expect((await getRound(fx.db, r0.id)).status).toBe("published");
  });

  /**
   * A round of a given token whose fund transfer reverted: between the balance check and its mining
   * the deployer's balance went (here through an allowance; when scaled out, another round's transfer
   * from the same deployer mined first). Then the balance comes back.
   */
  async function roundWithRevertedFund(symbol: string) {
    const token = await fx.givenToken(symbol, 18);
    await fx.mintToPublisher(token); // 10^24 base units; the round needs 10^21
    const publisher = fx.c.accounts[0]!.address as Address;
    const other = fx.c.accounts[1]!.address as Address;
    await fx.c.write(token, testTokenAbi, "approve", [other, maxUint256]);
    const r0 = await draft({ token });
    await expect(
      publishRound(fx.db, r0.id, {
        env: fx.env,
        hooks: {
          afterRecord: async (kind) => {
            if (kind === "fund")
              await fx.c.write(token, testTokenAbi, "transferFrom", [publisher, other, 10n ** 24n], {
                from: 1,
              });
          },
        },
      }),
    ).rejects.toThrow(/fund transaction .* reverted/);
    const mid = await getRound(fx.db, r0.id);
    expect(mid).toMatchObject({ status: "deployed", lastError: expect.stringMatching(/reverted/) });
    const fundTx = and(eq(airdropTxs.roundId, r0.id), eq(airdropTxs.kind, "fund"));
    const [reverted] = await fx.db.select().from(airdropTxs).where(fundTx);
    // The transfer paid nothing; the operator tops the deployer up again.
    await fx.c.write(token, testTokenAbi, "transfer", [publisher, 10n ** 24n], { from: 1 });
    return { round: mid, token, fundTx, revertedHash: reverted!.hash as Hex };
  }

  it("a fund transfer that reverted (the balance went meanwhile) is sent anew when the operator tops up and retries", async () => {
    const { round, fundTx, revertedHash } = await roundWithRevertedFund("REV");
    const before = await nonce();
    await publishRound(fx.db, round.id, { env: fx.env });
    expect((await expectPublished(round.id, before, 1)).lastError).toBeNull();
    const [sent] = await fx.db.select().from(airdropTxs).where(fundTx);
    expect(sent?.hash).not.toBe(revertedHash);
  });

  it("two jobs replacing the same reverted fund transfer at once send one transfer, not two", async () => {
    const { round, token, revertedHash } = await roundWithRevertedFund("RV2");
    const distributor = round.distributorAddress as Address;
    const total = BigInt(round.totalAmount);
    const build = async () => ({
      to: token,
      data: encodeFunctionData({ abi: testTokenAbi, functionName: "transfer", args: [distributor, total] }),
    });
    // The slow job reads the reverted receipt, and acts on it only after the fast job has stored
    // (and sent) its replacement: a stale read of the same row.
    const pub = fx.env.client;
    const replaced = async () => {
      for (;;) {
        const [row] = await fx.db
          .select()
          .from(airdropTxs)
          .where(and(eq(airdropTxs.roundId, round.id), eq(airdropTxs.kind, "fund")));
        if (row && row.hash !== revertedHash) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const slowClient = new Proxy(pub, {
      get(target, prop, receiver) {
        if (prop !== "getTransactionReceipt") return Reflect.get(target, prop, receiver);
        return async (args: { hash: Hex }) => {
          const receipt = await target.getTransactionReceipt(args);
          if (args.hash === revertedHash) await replaced();
          return receipt;
        };
      },
    });
    const before = await nonce();
    const [fast, slow] = await Promise.all([
      sendOnce(fx.db, fx.env, round.id, "fund", build),
      sendOnce(fx.db, { ...fx.env, client: slowClient }, round.id, "fund", build),
    ]);
    expect(slow.transactionHash).toBe(fast.transactionHash);
    expect(await nonce()).toBe(before + 1);
    expect(await fx.c.read<bigint>(token, testTokenAbi, "balanceOf", [distributor])).toBe(total);
  });

  it("refuses a token address that is not an ERC-20, a rule nobody meets and a cap too low", async () => {
    await expect(draft({ token: "0x000000000000000000000000000000000000dEaD" })).rejects.toMatchObject({
      code: "INVALID_TOKEN",
    });
    const none = await createRound(
      fx.db,
      {
        name: "Nobody",
        totalAmount: "100",
        minPoints: 1_000_000,
        // Past the freeze's settling margin (freeze.ts SNAPSHOT_SETTLE_MS): no 5 s wait before the refusal.
        snapshotAt: new Date(Date.now() - 60_000).toISOString(),
        opensAt: new Date().toISOString(),
        deadline: new Date(Date.now() + HOUR).toISOString(),
      },
      "0x01",
    );
    await expect(publishRound(fx.db, none.id, { env: fx.env })).rejects.toMatchObject({
      code: "NOTHING_TO_ALLOCATE",
    });
    const low = await createRound(
      fx.db,
      {
        name: "Low cap",
        totalAmount: "1000",
        minPoints: 0,
        capPerAddress: "1",
        snapshotAt: new Date(Date.now() - 60_000).toISOString(),
        opensAt: new Date().toISOString(),
        deadline: new Date(Date.now() + HOUR).toISOString(),
      },
      "0x01",
    );
    await expect(publishRound(fx.db, low.id, { env: fx.env })).rejects.toMatchObject({ code: "CAP_TOO_LOW" });
    expect((await getRound(fx.db, low.id)).status).toBe("draft");
    expect(
      await fx.db.select().from(airdropAllocations).where(eq(airdropAllocations.roundId, low.id)),
    ).toEqual([]);
  });

  /** What tree.json streams, as text, after checking its announced length. */
  async function servedTree(id: string) {
    const { body, bytes } = await treeJson(fx.db, id);
    const text = await new Response(body).text();
    expect(Buffer.byteLength(text)).toBe(bytes);
    return text;
  }

  /** The library's own dump of the stored rows, as JSON: what tree.json must serve byte for byte. */
  async function libraryDumpOf(id: string) {
    const rows = await fx.db
      .select()
      .from(airdropAllocations)
      .where(eq(airdropAllocations.roundId, id))
      .orderBy(airdropAllocations.index);
    expect(rows.length).toBeGreaterThan(1);
    const values = rows.map((x) => [String(x.index), x.address, x.amount]);
    return JSON.stringify(StandardMerkleTree.of(values, [...LEAF_ENCODING]).dump());
  }

  const chunksOf = (id: string) =>
    fx.db
      .select()
      .from(airdropTreeChunks)
      .where(eq(airdropTreeChunks.roundId, id))
      .orderBy(airdropTreeChunks.seq);

  it("serves the tree in StandardMerkleTree.dump() format with the on-chain root", async () => {
    const r0 = await draft();
    const r = await publishRound(fx.db, r0.id, { env: fx.env });
    const text = await servedTree(r.id);
    const tree = StandardMerkleTree.load(JSON.parse(text) as never);
    tree.validate();
    expect(text).toBe(await libraryDumpOf(r.id));
    expect(tree.root).toBe(
      await fx.c.read<string>(r.distributorAddress as Address, merkleDistributorAbi, "merkleRoot"),
    );
    expect((await chunksOf(r.id)).length).toBe(1); // a small round: one chunk under the 1 MiB default
  });

  it("stores a big dump as many ordered chunks and streams them back byte for byte", async () => {
    const r0 = await draft();
    // 200-character chunks make this small round's ~12 kB dump dozens of rows, read 4 per query.
    const r = await publishRound(fx.db, r0.id, { env: fx.env, treeChunkChars: 200 });
    const chunks = await chunksOf(r.id);
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.map((chunk) => chunk.seq)).toEqual(chunks.map((_, i) => i));
    for (const chunk of chunks.slice(0, -1)) expect(chunk.body.length).toBeGreaterThanOrEqual(200);
    const text = await servedTree(r.id);
    expect(text).toBe(chunks.map((chunk) => chunk.body).join(""));
    expect(text).toBe(await libraryDumpOf(r.id));
  });

  it("tree.json is a 404 until the round is published, and for an unknown round", async () => {
    const r0 = await draft();
    await expect(treeJson(fx.db, r0.id)).rejects.toMatchObject({ code: "ROUND_NOT_FOUND" });
    await expect(
      publishRound(fx.db, r0.id, {
        env: fx.env,
        hooks: {
          afterStep: (s) => {
            if (s === "frozen") throw new Crash(s);
          },
        },
      }),
    ).rejects.toBeInstanceOf(Crash);
    expect((await chunksOf(r0.id)).length).toBeGreaterThan(0); // stored, not served yet
    await expect(treeJson(fx.db, r0.id)).rejects.toMatchObject({ code: "ROUND_NOT_FOUND" });
    await expect(treeJson(fx.db, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "ROUND_NOT_FOUND",
    });
  });

  for (const [table, at] of [
    ["allocations", 1],
    ["tree", 1],
    ["tree", 7],
  ] as const) {
    it(`a crash while freezing (after ${table} batch ${at}) leaves a draft with nothing stored; the retry publishes it whole`, async () => {
      const r0 = await draft();
      const before = await nonce();
      const batches = { allocations: 0, tree: 0 };
      await expect(
        publishRound(fx.db, r0.id, {
          env: fx.env,
          treeChunkChars: 500,
          hooks: {
            afterBatch: (t) => {
              if (t === table && ++batches[t] === at) throw new Crash(`${t} ${at}`);
            },
          },
        }),
      ).rejects.toBeInstanceOf(Crash);
      const mid = await getRound(fx.db, r0.id);
      expect(mid).toMatchObject({ status: "draft", merkleRoot: null, recipients: null });
      for (const t of [airdropAllocations, airdropIneligible, airdropTreeChunks]) {
        expect(await fx.db.select().from(t).where(eq(t.roundId, r0.id))).toEqual([]);
      }
      expect(await nonce()).toBe(before);
      await publishRound(fx.db, r0.id, { env: fx.env, treeChunkChars: 500 });
      await expectPublished(r0.id, before, 3);
      expect(await servedTree(r0.id)).toBe(await libraryDumpOf(r0.id));
    });
  }

  it("deleting a round deletes its tree chunks", async () => {
    const r0 = await draft();
    await publishRound(fx.db, r0.id, { env: fx.env, treeChunkChars: 500 });
    expect((await chunksOf(r0.id)).length).toBeGreaterThan(1);
    await fx.db.delete(airdropRounds).where(eq(airdropRounds.id, r0.id));
    expect(await chunksOf(r0.id)).toEqual([]);
  });
});

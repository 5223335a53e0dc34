import type { ChildProcess } from "node:child_process";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { eq, sql } from "drizzle-orm";
import type { Address, PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merkleDistributorAbi, testTokenAbi } from "@/chain/generated";
import { type DbHandle, openDb } from "@/db/client";
import { airdropAllocations, airdropIneligible, airdropTreeChunks, airdropTxs } from "@/db/schema";
import { CHAIN_ID, type Chainish, startChain } from "../../../../contracts/test/lib/harness";
import { ANVIL_KEYS } from "../../../../scripts/lib/anvil";
import { bundleChild } from "../../../../test/child-bundle";
import { testDb } from "../../../../test/db";
import { PUBLISH_CHILD, spawnPublishChild } from "../../../../test/publish-child";
import { seedParticipants } from "./fixtures";
import { requestPublish } from "./jobs";
import { createRound, getRound } from "./rounds";
import { LEAF_ENCODING } from "./tree";

/**
 * Publishing survives a real crash: the job runs in a child process (test/airdrop-publish-child.ts)
 * that is SIGKILLed after each durable step and between recording and broadcasting the funding
 * transaction; a second process then resumes it. One deployment, funded exactly once, same root.
 * Two processes share the database, so this needs PostgreSQL (PGlite is one process per data
 * directory): it runs when TEST_DATABASE_URL is set (npm test does).
 */
const base = process.env.TEST_DATABASE_URL;
const hour = 3_600_000;

let c: Chainish;
let h: DbHandle;
let childFile: string;

function runChild(
  roundId: string,
  stopAt?: string,
  mode: "publish" | "worker" = "publish",
): { child: ChildProcess; line: Promise<string> } {
  // 300-character tree chunks: this small round's dump becomes dozens of rows, like a big one.
  const child = spawnPublishChild(
    childFile,
    {
      dbUrl,
      rpcUrl: c.url,
      key: ANVIL_KEYS[0],
      chainId: CHAIN_ID,
      round: roundId,
      // Short lease: the killed job's lease must expire before the retry can take over.
      leaseSeconds: 2,
      stopAt,
      treeChunkChars: 300,
      mode,
    },
    ["ignore", "pipe", "pipe"],
  );
  let out = "";
  const line = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/^(STOPPED \S+|DONE \S+|BUSY|IDLE|FAILED .*)$/m);
      if (m) resolve(m[1] as string);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("exit", () => {
      reject(new Error(`publish child exited without a result:\n${out}`));
    });
  });
  line.catch(() => {});
  return { child, line };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));

/** Runs the publish in a child process until it reports `stopAt`, and SIGKILLs it right there. */
async function killAt(roundId: string, stopAt: string): Promise<void> {
  const run = runChild(roundId, stopAt);
  expect(await run.line).toBe(`STOPPED ${stopAt}`);
  run.child.kill("SIGKILL");
  await exited(run.child);
}

/** One airdrop worker tick in a fresh child process (another worker process, or one restarted). */
async function workerTick(): Promise<string> {
  const run = runChild("", undefined, "worker");
  const out = await run.line;
  await exited(run.child);
  return out;
}

let dbUrl = "";

describe.skipIf(!base)("publishing survives SIGKILL between steps (PostgreSQL, child processes)", () => {
  beforeAll(async () => {
    [c, childFile] = await Promise.all([startChain(), bundleChild(PUBLISH_CHILD)]);
    h = await testDb();
    // testDb made a fresh database on the TEST_DATABASE_URL server: the child opens the same one.
    const name = (
      (await h.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] }
    ).rows[0]?.name as string;
    const url = new URL(base as string);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    await seedParticipants(h.db, { count: 30, at: new Date(Date.now() - 2 * hour) });
  });
  afterAll(async () => {
    await h?.close();
    await c?.stop();
  });

  const deployer = () => c.accounts[0]?.address as Address;
  const nonce = () => c.pub.getTransactionCount({ address: deployer() });

  /** Resumes: while the dead job's lease lasts a new one is refused (BUSY) and tries again. */
  async function resume(roundId: string): Promise<string> {
    let result = "BUSY";
    for (let attempt = 0; result === "BUSY" && attempt < 20; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 1_000));
      const retry = runChild(roundId);
      result = await retry.line;
      await exited(retry.child);
    }
    return result;
  }

  const draft = (name: string) =>
    createRound(
      h.db,
      {
        name,
        totalAmount: "1000000000000000000000",
        minPoints: 100,
        // Past the freeze's settling margin (freeze.ts SNAPSHOT_SETTLE_MS): the child does not wait 5 s.
        snapshotAt: new Date(Date.now() - 60_000).toISOString(),
        opensAt: new Date(Date.now() - hour).toISOString(),
        deadline: new Date(Date.now() + 48 * hour).toISOString(),
      },
      deployer(),
      c.pub as PublicClient,
    );

  // Killed inside the freeze transaction, with rows (and tree chunks) written but not committed.
  for (const stopAt of ["batch:allocations", "batch:tree"]) {
    it(`killed while freezing (${stopAt}): nothing stored, the round stays a draft; resumed whole`, {
      timeout: 180_000,
    }, async () => {
      const r0 = await draft(`Kill at ${stopAt}`);
      const before = await nonce();
      await killAt(r0.id, stopAt);
      expect(await getRound(h.db, r0.id)).toMatchObject({
        status: "draft",
        merkleRoot: null,
        recipients: null,
      });
      for (const t of [airdropAllocations, airdropIneligible, airdropTreeChunks]) {
        expect(await h.db.select().from(t).where(eq(t.roundId, r0.id))).toEqual([]);
      }
      expect(await nonce()).toBe(before);

      expect(await resume(r0.id)).toBe("DONE published");
      const r = await getRound(h.db, r0.id);
      expect(r.recipients).toBeGreaterThan(1);
      expect(await nonce()).toBe(before + 3);
      const rows = await h.db
        .select()
        .from(airdropAllocations)
        .where(eq(airdropAllocations.roundId, r0.id))
        .orderBy(airdropAllocations.index);
      expect(rows.length).toBe(r.recipients);
      const chunks = await h.db
        .select()
        .from(airdropTreeChunks)
        .where(eq(airdropTreeChunks.roundId, r0.id))
        .orderBy(airdropTreeChunks.seq);
      expect(chunks.length).toBeGreaterThan(5);
      const dump = chunks.map((x) => x.body).join("");
      const values = rows.map((x) => [String(x.index), x.address, x.amount]);
      expect(dump).toBe(JSON.stringify(StandardMerkleTree.of(values, [...LEAF_ENCODING]).dump()));
      expect(JSON.parse(dump).tree[0]).toBe(r.merkleRoot);
    });
  }

  for (const stopAt of ["step:frozen", "step:token", "step:deployed", "record:fund", "step:funded"]) {
    it(`killed at ${stopAt}, then resumed: one deployment, funded once, same root`, {
      timeout: 180_000,
    }, async () => {
      const r0 = await draft(`Kill at ${stopAt}`);
      const before = await nonce();
      await killAt(r0.id, stopAt);
      const mid = await getRound(h.db, r0.id);
      expect(mid.merkleRoot).toMatch(/^0x[0-9a-f]{64}$/);

      expect(await resume(r0.id)).toBe("DONE published");

      const r = await getRound(h.db, r0.id);
      expect(r.status).toBe("published");
      expect(r.merkleRoot).toBe(mid.merkleRoot);
      // Token deployment, distributor deployment, funding: three transactions in all, never more.
      expect(await nonce()).toBe(before + 3);
      const txs = await h.db.select().from(airdropTxs).where(eq(airdropTxs.roundId, r0.id));
      expect(txs.map((t) => t.kind).sort()).toEqual(["deploy", "fund", "token"]);
      const dist = r.distributorAddress as Address;
      expect((await c.read<string>(dist, merkleDistributorAbi, "merkleRoot")).toLowerCase()).toBe(
        r.merkleRoot,
      );
      expect(await c.read<bigint>(r.tokenAddress as Address, testTokenAbi, "balanceOf", [dist])).toBe(
        BigInt(r.totalAmount),
      );
    });
  }

  /** Worker ticks in fresh processes until one claims a round (a dead job's lease expires first). */
  async function tickUntilClaimed(): Promise<string> {
    let result = "IDLE";
    for (let attempt = 0; result === "IDLE" && attempt < 20; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 1_000));
      result = await workerTick();
    }
    return result;
  }

  it("a worker killed mid-freeze is not taken over while alive, and is resumed by the next worker tick", {
    timeout: 180_000,
  }, async () => {
    const r0 = await draft("Worker killed mid-freeze");
    const before = await nonce();
    await requestPublish(h.db, r0.id);
    const run = runChild("", "batch:allocations", "worker");
    expect(await run.line).toBe("STOPPED batch:allocations");
    // Alive past its 2 s lease: it renews, so another worker finds nothing to run, and a second
    // request is the same request.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await workerTick()).toBe("IDLE");
    const again = await requestPublish(h.db, r0.id);
    expect(again.status).toBe("draft");
    run.child.kill("SIGKILL");
    await exited(run.child);

    expect(await tickUntilClaimed()).toBe("DONE published");
    const r = await getRound(h.db, r0.id);
    expect(r).toMatchObject({ status: "published", publishRequestedAt: null, lastError: null });
    expect(await nonce()).toBe(before + 3);
    const rows = await h.db.select().from(airdropAllocations).where(eq(airdropAllocations.roundId, r0.id));
    expect(rows.length).toBe(r.recipients);
  });

  it("a request made by a web process that then goes away is published by the worker process", {
    timeout: 180_000,
  }, async () => {
    const r0 = await draft("Web restart");
    const before = await nonce();
    // The "web process": its own connection pool, closed right after the 202.
    const web = await openDb({ databaseUrl: dbUrl });
    const queued = await requestPublish(web.db, r0.id);
    await web.close();
    expect(queued).toMatchObject({ status: "draft", merkleRoot: null, leaseUntil: null });
    expect(queued.publishRequestedAt).toBeInstanceOf(Date);
    expect(await nonce()).toBe(before);

    expect(await tickUntilClaimed()).toBe("DONE published");
    expect((await getRound(h.db, r0.id)).status).toBe("published");
    expect(await nonce()).toBe(before + 3);
    expect(await workerTick()).toBe("IDLE");
  });
});

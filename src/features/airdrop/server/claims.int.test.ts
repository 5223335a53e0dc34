import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { eq, like } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as publishPOST } from "@/app/api/admin/airdrop/rounds/[id]/publish/route";
import { GET as roundGET } from "@/app/api/admin/airdrop/rounds/[id]/route";
import { GET as simGET } from "@/app/api/admin/airdrop/rounds/[id]/simulation/route";
import { POST as sweepPOST } from "@/app/api/admin/airdrop/rounds/[id]/sweep/route";
import { POST as createPOST } from "@/app/api/admin/airdrop/rounds/route";
import { GET as proofGET } from "@/app/api/airdrop/rounds/[id]/proof/[address]/route";
import { GET as treeGET } from "@/app/api/airdrop/rounds/[id]/tree.json/route";
import { GET as listGET } from "@/app/api/airdrop/route";
import { merkleDistributorAbi, testTokenAbi } from "@/chain/generated";
import type { DbHandle } from "@/db/client";
import { airdropAllocations, auditLog, chainEvents, staffRoles } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import {
  ChainIndexer,
  fakeDeployment,
  indexerClientFor,
  watchListFromDeployment,
} from "@/features/indexer/testing";
import { config, resetConfigForTests } from "@/server/config";
import { type Chainish, expectRevert, startChain } from "../../../../contracts/test/lib/harness";
import { testDb } from "../../../../test/db";
import type { AdminRound, PublicRound } from "../schema";
import { fixtureAddress, seedParticipants } from "./fixtures";
import { runNextPublish } from "./jobs";
import { hasClaimedOnChain } from "./participant";
import { airdropDistributors } from "./rounds";
import { LEAF_ENCODING } from "./tree";

// The whole journey on a 10,000-recipient round through the HTTP routes and a real distributor.

let c: Chainish;
let h: DbHandle;
let admin: string;
let participant: string;
let outsider: string;
let below: string;
const RECIPIENTS = 10_000;
const hour = 3_600_000;
const deadline = new Date(Date.now() + 6 * hour);
let round: AdminRound;

const at = (p: Record<string, string> = {}) => ({ params: Promise.resolve(p) });
const req = (path: string, cookie?: string, init: { method?: string; body?: unknown } = {}) =>
  new Request(`${config().origin}${path}`, {
    method: init.method ?? "GET",
    headers: {
      origin: config().origin,
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

beforeAll(async () => {
  c = await startChain();
  process.env.TESTNET_RPC_URL = c.url;
  resetConfigForTests();
  h = await testDb();
  await seedParticipants(h.db, {
    count: RECIPIENTS,
    at: new Date(Date.now() - hour),
    points: (i) => 100 + (i % 900),
  });
  const adminAddress = c.accounts[8]!.address.toLowerCase();
  await h.db.insert(staffRoles).values({ address: adminAddress, role: "admin", grantedBy: "test" });
  admin = (await createTestSession(adminAddress as Address, { db: h.db })).cookieHeader;
  participant = (await createTestSession(fixtureAddress(500) as Address, { db: h.db })).cookieHeader;
  below = (await createTestSession(fixtureAddress(7) as Address, { db: h.db })).cookieHeader;
  outsider = (await createTestSession(c.accounts[7]!.address, { db: h.db })).cookieHeader;
});
afterAll(async () => {
  await h?.close();
  await c?.stop();
});

describe("a 10,000-recipient round", () => {
  it("is created by an admin only, with bad input refused", async () => {
    const body = {
      name: "Season 1",
      totalAmount: "1000000000000000000000000",
      minPoints: 150,
      capPerAddress: "500000000000000000000",
      tierMultipliers: { Silver: 1.5 },
      // Snapshot (no later than the opening) past the freeze's settling margin (freeze.ts
      // SNAPSHOT_SETTLE_MS): publishing does not wait 5 s. The points were credited an hour ago.
      snapshotAt: new Date(Date.now() - 60_000).toISOString(),
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      deadline: deadline.toISOString(),
    };
    expect(
      (await createPOST(req("/api/admin/airdrop/rounds", outsider, { method: "POST", body }), at())).status,
    ).toBe(403);
    expect(
      (await createPOST(req("/api/admin/airdrop/rounds", undefined, { method: "POST", body }), at())).status,
    ).toBe(403);
    for (const bad of [
      { ...body, totalAmount: "-1" },
      { ...body, totalAmount: "0" },
      { ...body, deadline: body.opensAt },
      { ...body, tierMultipliers: { Diamond: 2 } },
      { ...body, tierMultipliers: { Silver: 0 } },
      { ...body, token: "0x12" },
      { ...body, extra: 1 },
    ]) {
      const res = await createPOST(
        req("/api/admin/airdrop/rounds", admin, { method: "POST", body: bad }),
        at(),
      );
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const res = await createPOST(req("/api/admin/airdrop/rounds", admin, { method: "POST", body }), at());
    expect(res.status).toBe(201);
    round = (await res.json()) as AdminRound;
    expect(round).toMatchObject({
      status: "draft",
      tokenMode: "deploy",
      token: { symbol: "tAIR", decimals: 18 },
    });
    const audit = await h.db.select().from(auditLog).where(like(auditLog.action, "airdrop.%"));
    expect(audit.map((a) => a.action)).toEqual(["airdrop.create"]);
  });

  it("simulates the rule on the live ledger", async () => {
    const res = await simGET(
      req(`/api/admin/airdrop/rounds/${round.id}/simulation`, admin),
      at({ id: round.id }),
    );
    expect(res.status).toBe(200);
    const sim = (await res.json()) as {
      participants: number;
      stats: { eligible: number; totalAllocated: string };
    };
    expect(sim.participants).toBe(RECIPIENTS);
    expect(sim.stats.totalAllocated).toBe(round.totalAmount);
    expect(sim.stats.eligible).toBeGreaterThan(9_000);
  });

  it("publishes (202, then published) and every stored proof verifies against the on-chain root", async () => {
    const res = await publishPOST(
      req(`/api/admin/airdrop/rounds/${round.id}/publish`, admin, { method: "POST" }),
      at({ id: round.id }),
    );
    expect(res.status).toBe(202);
    expect(((await res.json()) as AdminRound).publishRequested).toBe(true);
    // The POST queues; the airdrop worker publishes (one tick here: no worker runs in this test).
    const ran = runNextPublish(h.db);
    for (let i = 0; i < 3000 && round.status !== "published"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      round = (await (
        await roundGET(req(`/api/admin/airdrop/rounds/${round.id}`, admin), at({ id: round.id }))
      ).json()) as AdminRound;
      expect(round.lastError).toBeNull();
    }
    expect(round.status).toBe("published");
    expect(await ran).toEqual({ roundId: round.id });
    const onChainRoot = await c.read<Hex>(round.distributor as Address, merkleDistributorAbi, "merkleRoot");
    expect(onChainRoot).toBe(round.merkleRoot);

    const treeRes = await treeGET(req(`/api/airdrop/rounds/${round.id}/tree.json`), at({ id: round.id }));
    const tree = StandardMerkleTree.load((await treeRes.json()) as never);
    expect(tree.root).toBe(onChainRoot);

    const rows = await h.db.select().from(airdropAllocations).where(eq(airdropAllocations.roundId, round.id));
    expect(rows.length).toBe(round.recipients);
    let sum = 0n;
    for (const r of rows) {
      sum += BigInt(r.amount);
      const ok = StandardMerkleTree.verify(
        onChainRoot,
        [...LEAF_ENCODING],
        [String(r.index), r.address, r.amount],
        r.proof,
      );
      expect(ok).toBe(true);
    }
    expect(sum).toBe(BigInt(round.totalAmount));
  }, 360_000); // a 10,000-leaf freeze and 10,000 proof checks on a shared CI machine

  it("pays sampled claims on chain through the contract's own check, once each", async () => {
    const dist = round.distributor as Address;
    const sample = await h.db
      .select()
      .from(airdropAllocations)
      .where(eq(airdropAllocations.roundId, round.id))
      .limit(25);
    for (const s of sample) {
      const res = await proofGET(
        req(`/api/airdrop/rounds/${round.id}/proof/${s.address}`),
        at({ id: round.id, address: s.address }),
      );
      const p = (await res.json()) as { index: number; account: Address; amount: string; proof: Hex[] };
      await c.write(
        dist,
        merkleDistributorAbi,
        "claim",
        [BigInt(p.index), p.account, BigInt(p.amount), p.proof],
        { from: 9 },
      );
      expect(await c.read(round.token.address as Address, testTokenAbi, "balanceOf", [p.account])).toBe(
        BigInt(p.amount),
      );
    }
    const first = sample[0]!;
    await expectRevert(
      c.write(dist, merkleDistributorAbi, "claim", [
        BigInt(first.index),
        first.address,
        BigInt(first.amount),
        first.proof,
      ]),
      "AlreadyClaimed",
    );
    const other = sample[1]!;
    await expectRevert(
      c.write(dist, merkleDistributorAbi, "claim", [
        BigInt(other.index),
        other.address,
        BigInt(other.amount) + 1n,
        other.proof,
      ]),
      "AlreadyClaimed",
    );
  });

  it("tells the airdrop_claim task from the chain whether an allocation was claimed", async () => {
    const rows = await h.db
      .select()
      .from(airdropAllocations)
      .where(eq(airdropAllocations.roundId, round.id))
      .limit(30);
    expect(await hasClaimedOnChain(h.db, rows[0]!.address)).toEqual({ eligible: true, claimed: true });
    expect(await hasClaimedOnChain(h.db, rows[29]!.address, round.id)).toEqual({
      eligible: true,
      claimed: false,
    });
    expect(await hasClaimedOnChain(h.db, c.accounts[7]!.address)).toEqual({
      eligible: false,
      claimed: false,
    });
  });

  it("answers the proof route with 404 for a non-recipient and 400 for a bad address", async () => {
    const none = c.accounts[7]!.address;
    expect(
      (
        await proofGET(
          req(`/api/airdrop/rounds/${round.id}/proof/${none}`),
          at({ id: round.id, address: none }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await proofGET(
          req(`/api/airdrop/rounds/${round.id}/proof/0x12`),
          at({ id: round.id, address: "0x12" }),
        )
      ).status,
    ).toBe(400);
    expect((await treeGET(req("/api/airdrop/rounds/x/tree.json"), at({ id: "x" }))).status).toBe(400);
  });

  it("shows the participant their amount, proof and breakdown, and an outsider why not", async () => {
    const mine = (await (await listGET(req("/api/airdrop", participant), at())).json()) as {
      rounds: PublicRound[];
    };
    const me = mine.rounds[0]!.me;
    expect(mine.rounds[0]).toMatchObject({
      status: "open",
      recipients: round.recipients,
      token: { symbol: "tAIR" },
    });
    expect(me).toMatchObject({
      eligible: true,
      reason: null,
      breakdown: { points: 600, tier: "Silver", multiplier: 1.5, minPoints: 150 },
    });
    expect(me.proof?.length).toBeGreaterThan(0);
    const theirs = (await (await listGET(req("/api/airdrop", outsider), at())).json()) as {
      rounds: PublicRound[];
    };
    expect(theirs.rounds[0]!.me).toMatchObject({ eligible: false, reason: "no_points", amount: null });
    const low = (await (await listGET(req("/api/airdrop", below), at())).json()) as { rounds: PublicRound[] };
    expect(low.rounds[0]!.me).toMatchObject({ eligible: false, reason: "below_minimum", points: 107 });
    expect((await listGET(req("/api/airdrop"), at())).status).toBe(401);
  });

  it("refuses the sweep before the deadline, claims after it, and sweeps the rest once after it", async () => {
    const sweep = () =>
      sweepPOST(
        req(`/api/admin/airdrop/rounds/${round.id}/sweep`, admin, { method: "POST", body: {} }),
        at({ id: round.id }),
      );
    const early = await sweep();
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe("SWEEP_TOO_EARLY");
    await c.mineAt(BigInt(Math.floor(deadline.getTime() / 1000)) + 1n);
    const late = await h.db
      .select()
      .from(airdropAllocations)
      .where(eq(airdropAllocations.roundId, round.id))
      .offset(100)
      .limit(1);
    const l = late[0]!;
    await expectRevert(
      c.write(round.distributor as Address, merkleDistributorAbi, "claim", [
        BigInt(l.index),
        l.address,
        BigInt(l.amount),
        l.proof,
      ]),
      "ClaimWindowFinished",
    );
    const bal = () =>
      c.read<bigint>(round.token.address as Address, testTokenAbi, "balanceOf", [
        round.distributor as Address,
      ]);
    const left = await bal();
    const res = await sweep();
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminRound).sweptAmount).toBe(left.toString());
    expect(await bal()).toBe(0n);
    const nonce = await c.pub.getTransactionCount({ address: c.accounts[0]!.address });
    expect((await sweep()).status).toBe(200);
    expect(await c.pub.getTransactionCount({ address: c.accounts[0]!.address })).toBe(nonce);
  });

  it("is followed by the chain indexer: Claimed and Withdrawn recorded, claims shown on the round", async () => {
    const ix = new ChainIndexer({
      db: h.db,
      client: indexerClientFor(c.url, c.chain),
      chainId: 99199,
      // The fake deployment starts at block 6; an unrelated distributor at block 1 makes indexing start
      // there. The round's own distributor is only known through `extraDistributors`.
      watch: watchListFromDeployment(fakeDeployment(), {
        nativeSymbol: "AURUM",
        nativeName: "Aurum",
        distributors: [
          {
            address: "0x000000000000000000000000000000000000dEaD",
            token: "0x000000000000000000000000000000000000dEaD",
            block: 1,
          },
        ],
      }),
      confirmations: 0,
      pollIntervalMs: 50,
      log: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never,
      extraDistributors: () => airdropDistributors(h.db),
    });
    for (let i = 0; i < 200 && (await ix.step()).status !== "idle"; i++) {}
    const view = (await (
      await roundGET(req(`/api/admin/airdrop/rounds/${round.id}`, admin), at({ id: round.id }))
    ).json()) as AdminRound;
    const paid = await h.db
      .select()
      .from(airdropAllocations)
      .where(eq(airdropAllocations.roundId, round.id))
      .limit(25);
    expect(view.claims).toEqual({
      count: 25,
      amount: paid.reduce((s, r) => s + BigInt(r.amount), 0n).toString(),
    });
    const sweeps = await h.db.select().from(chainEvents).where(eq(chainEvents.kind, "sweep"));
    expect(sweeps.map((e) => e.amount)).toEqual([view.sweptAmount]);
  });
});

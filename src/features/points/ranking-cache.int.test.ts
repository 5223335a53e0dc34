import { sql } from "drizzle-orm";
import { getAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { adjustPoints } from "@/features/admin/server";
import { createTestSession } from "@/features/auth/testing";
import {
  decideCluster,
  excludeParticipant,
  importExclusions,
  restoreParticipant,
} from "@/features/integrity/server";
import { testDb } from "../../../test/db";
import { countQueries } from "../../../test/query-count";
import {
  creditPoints,
  leaderboard,
  loadRewardsPage,
  pointsSummary,
  pointsTiers,
  rankingChanged,
  rowsOf,
} from "./server";

// The points caches (server/ranking-cache.ts) must never serve a top, a rank or a history older
// than the last write: each writer below changes what the next read shows, immediately. On
// PostgreSQL nothing is cached, so the same test checks the plain reads there.

const randomAccount = () =>
  privateKeyToAccount(
    `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}` as `0x${string}`,
  );
const ADMIN = "0x00000000000000000000000000000000000000aa";

let handle: DbHandle;
let key = 0;
const reader = { userId: "", address: "" };

async function user(points: number) {
  const { session } = await createTestSession(randomAccount().address, { db: handle.db });
  if (points > 0) {
    await creditPoints(handle.db, {
      userId: session.userId,
      points,
      reason: "test",
      source: "adjustment",
      sourceKey: `rc:${key++}`,
    });
  }
  return { userId: session.userId, address: getAddress(session.address) };
}

const topAddresses = async () => (await leaderboard(handle.db, reader.userId)).top.map((r) => r.address);

beforeAll(async () => {
  handle = await testDb();
  for (const p of [40, 30, 20]) await user(p);
  Object.assign(reader, await user(10));
});
afterAll(() => handle?.close());

describe("points caches: every ranking write is seen by the next read", () => {
  it("a credit moves the top, the reader's rank and the reader's history at once", async () => {
    const before = await leaderboard(handle.db, reader.userId);
    const summaryBefore = await pointsSummary(handle.db, reader.userId);
    const page = await loadRewardsPage(reader.userId);
    const leader = await user(0);
    await creditPoints(handle.db, {
      userId: leader.userId,
      points: 1000,
      reason: "test",
      source: "adjustment",
      sourceKey: `rc:${key++}`,
    });
    const after = await leaderboard(handle.db, reader.userId);
    expect(after.top[0]?.address).toBe(leader.address);
    expect(after.me.rank).toBe(Number(before.me.rank) + 1);
    expect((await pointsSummary(handle.db, reader.userId)).rank).toBe(Number(summaryBefore.rank) + 1);
    // The participant count is exact on PGlite; PostgreSQL keeps it up to 5 s (shown as max(N, rank)).
    if (handle.kind === "pglite") {
      expect((await pointsSummary(handle.db, reader.userId)).rankedUsers).toBe(summaryBefore.rankedUsers + 1);
    }

    await creditPoints(handle.db, {
      userId: reader.userId,
      points: 5,
      reason: "history",
      source: "adjustment",
      sourceKey: `rc:${key++}`,
    });
    const again = await loadRewardsPage(reader.userId);
    expect(again.history.entries.length).toBe(page.history.entries.length + 1);
    expect(again.history.entries[0]?.reason).toBe("history");
    expect(again.points.balance).toBe(String(Number(page.points.balance) + 5));
  });

  it("an admin adjustment moves the top at once", async () => {
    await topAddresses();
    const low = await user(1);
    expect((await topAddresses()).at(-1)).toBe(low.address);
    await adjustPoints(handle.db, ADMIN, low.address, { points: 5000, reason: "fix" }, `rc-adj-${key++}`);
    expect((await topAddresses())[0]).toBe(low.address);
    const board = await leaderboard(handle.db, low.userId);
    expect(board.me.rank).toBe(1);
    expect(board.top[0]?.isMe).toBe(true);
  });

  it("exclusions (manual, restore, import, cluster) take users off and back on the top at once", async () => {
    const a = await user(7);
    const b = await user(8);
    const c = await user(9);
    expect(await topAddresses()).toEqual(expect.arrayContaining([a.address, b.address, c.address]));

    await excludeParticipant(handle.db, ADMIN, { address: a.address, reasonCategory: "sybil", reason: "t" });
    expect(await topAddresses()).not.toContain(a.address);
    await restoreParticipant(handle.db, ADMIN, { address: a.address, reason: "appeal" });
    expect(await topAddresses()).toContain(a.address);

    await importExclusions(handle.db, ADMIN, { csv: b.address, reasonCategory: "bot", reason: "list" });
    expect(await topAddresses()).not.toContain(b.address);

    const [cluster] = rowsOf<{ id: number }>(
      await handle.db.execute(sql`INSERT INTO sybil_clusters (kind, key, score, size, evidence)
        VALUES ('common_funder', ${`0xf${key++}`}, 80, 1, '[]'::jsonb) RETURNING id`),
    );
    await handle.db.execute(
      sql`INSERT INTO sybil_cluster_members (cluster_id, address) VALUES (${cluster?.id}, ${c.address.toLowerCase()})`,
    );
    await decideCluster(handle.db, ADMIN, Number(cluster?.id), {
      decision: "confirm",
      reason: "reviewed",
      reasonCategory: "sybil",
    });
    const top = await topAddresses();
    expect(top).not.toContain(c.address);
    expect(top).toContain(a.address);
  });

  it("a credit that races a read is never hidden by what that read cached", async () => {
    for (let i = 0; i < 10; i++) {
      const racer = await user(0);
      const points = 10_000 + i;
      await Promise.all([
        leaderboard(handle.db, reader.userId),
        creditPoints(handle.db, {
          userId: racer.userId,
          points,
          reason: "race",
          source: "adjustment",
          sourceKey: `rc:${key++}`,
        }),
        leaderboard(handle.db, reader.userId),
      ]);
      expect((await leaderboard(handle.db, reader.userId)).top[0]?.address).toBe(racer.address);
    }
  });

  it("a warm read runs no query on PGlite; PostgreSQL reads every time", async () => {
    rankingChanged();
    const cold = await countQueries(() => leaderboard(handle.db, reader.userId));
    const warm = await countQueries(() => leaderboard(handle.db, reader.userId));
    // The tiers setting has its own 5 s cache (server/settings.ts), which a slow machine can see
    // expire mid-test: read it just before each count, so only the points caches are measured.
    await pointsTiers(handle.db);
    const summary = await countQueries(() => pointsSummary(handle.db, reader.userId));
    if (handle.kind === "pglite") {
      // Top, its names, the reader's row and rank, the neighbours (all named by the top).
      expect(cold.queries).toBe(4);
      expect(warm.queries).toBe(0);
      // The standing and the participant count.
      expect(summary.queries).toBe(2);
      await pointsTiers(handle.db);
      expect((await countQueries(() => pointsSummary(handle.db, reader.userId))).queries).toBe(0);
    } else {
      expect(warm.queries).toBe(cold.queries);
      expect(summary.queries).toBeGreaterThanOrEqual(1);
    }
    expect(warm.result).toEqual(cold.result);
  });

  it("is one cache per process: a write through one bundle's copy is seen by another's", async () => {
    // Next bundles pages and route handlers separately; vi.resetModules() makes a second copy.
    const a = await import("./server/ranking-cache");
    vi.resetModules();
    const b = await import("./server/ranking-cache");
    expect(b).not.toBe(a);
    let loads = 0;
    const load = async () => ++loads;
    await a.rankingCached(handle.db, "bundles", "k", load);
    await b.rankingCached(handle.db, "bundles", "k", load);
    expect(loads).toBe(handle.kind === "pglite" ? 1 : 2);
    b.rankingChanged();
    expect(await a.rankingCached(handle.db, "bundles", "k", load)).toBe(loads);
    expect(loads).toBe(handle.kind === "pglite" ? 2 : 3);
  });

  it("never caches inside a transaction", async () => {
    let loads = 0;
    await handle.db.transaction(async (tx) => {
      const { rankingCached } = await import("./server/ranking-cache");
      await rankingCached(tx as never, "tx", "k", async () => ++loads);
      await rankingCached(tx as never, "tx", "k", async () => ++loads);
    });
    expect(loads).toBe(2);
  });
});

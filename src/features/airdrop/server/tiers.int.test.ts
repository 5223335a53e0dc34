import { eq, sql } from "drizzle-orm";
import type { PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { airdropAllocations } from "@/db/schema";
import { updateSettings } from "@/features/admin/server";
import { pointsSummary, rowsOf } from "@/features/points/server";
import { testDb } from "../../../../test/db";
import { fixtureAddress, seedParticipants } from "./fixtures";
import { freezeRound } from "./freeze";
import { requestPublish } from "./jobs";
import { clearSnapshotCacheForTests } from "./participants";
import { createRound, getRound } from "./rounds";
import { roundSimulation } from "./simulation";

/**
 * A round's tiers are the points tiers in force (the console's `points.tiers`, else POINTS_TIERS:
 * the tier /rewards shows) until it is frozen, and those recorded at its freeze afterwards
 * (docs/airdrop.md "The rule", migration 0027).
 */
const HOUR = 3_600_000;
const ADMIN = "0x00000000000000000000000000000000000000ad";
const CONSOLE_TIERS = [
  { name: "Bronze", min: 0 },
  { name: "Diamond", min: 1000 },
];
let h: DbHandle;

beforeAll(async () => {
  h = await testDb();
  // 1,500 and 100 points: Silver and Bronze under the environment's default (Silver:500, Gold:2000).
  await seedParticipants(h.db, {
    count: 2,
    at: new Date(Date.now() - 2 * HOUR),
    points: (i) => (i === 1 ? 1500 : 100),
  });
  // The fixture writes ledger rows only; the maintained total the /rewards summary reads follows them.
  await h.db.execute(sql`INSERT INTO points_totals (user_id, total, updated_at)
    SELECT user_id, sum(points), now() FROM points_ledger GROUP BY user_id`);
  clearSnapshotCacheForTests();
  await updateSettings(h.db, ADMIN, { "points.tiers": CONSOLE_TIERS });
});
afterAll(async () => {
  await h?.close();
});

const round = (name: string, tierMultipliers: Record<string, number>) =>
  createRound(
    h.db,
    {
      name,
      totalAmount: "4600",
      minPoints: 0,
      tierMultipliers,
      snapshotAt: new Date(Date.now() - HOUR).toISOString(),
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      deadline: new Date(Date.now() + 48 * HOUR).toISOString(),
    },
    ADMIN,
    {} as PublicClient,
  );

const perTier = async (id: string) =>
  Object.fromEntries(
    (await roundSimulation(h.db, id)).stats.perTier.map((t) => [t.tier, [t.recipients, t.amount]]),
  );

describe("airdrop tiers follow the console's points.tiers setting", () => {
  it("the simulator puts a participant in the tier /rewards shows them, with that tier's multiplier", async () => {
    const [u] = rowsOf<{ id: string }>(
      await h.db.execute(sql`SELECT id FROM users WHERE address = ${fixtureAddress(1)}`),
    );
    expect((await pointsSummary(h.db, u?.id as string)).tier.name).toBe("Diamond");
    // A console tier is accepted as a multiplier's name, and applied: weights 1,500 × 3 and 100 × 1.
    const r = await round("console tier", { Diamond: 3 });
    expect(await perTier(r.id)).toEqual({ Bronze: [1, "100"], Diamond: [1, "4500"] });
  });

  it("refuses a multiplier for an environment tier that the console's tiers replaced", async () => {
    await expect(round("env tier", { Gold: 2 })).rejects.toThrow(
      'Unknown tier "Gold" (tiers: Bronze, Diamond).',
    );
  });

  it("a frozen round keeps the tiers of its freeze when the console's tiers change later", async () => {
    const r = await round("frozen", { Diamond: 3 });
    expect(r.tiers).toBeNull(); // a draft follows the tiers in force
    const frozen = await freezeRound(h.db, r.id);
    expect(frozen).toMatchObject({ status: "frozen", tiers: CONSOLE_TIERS });
    const rows = await h.db
      .select({
        address: airdropAllocations.address,
        tier: airdropAllocations.tier,
        amount: airdropAllocations.amount,
      })
      .from(airdropAllocations)
      .where(eq(airdropAllocations.roundId, r.id))
      .orderBy(airdropAllocations.address);
    expect(rows).toEqual([
      { address: fixtureAddress(1), tier: "Diamond", amount: "4500" },
      { address: fixtureAddress(2), tier: "Bronze", amount: "100" },
    ]);

    await updateSettings(h.db, ADMIN, {
      "points.tiers": [
        { name: "Wood", min: 0 },
        { name: "Stone", min: 50 },
      ],
    });
    // The frozen round still simulates with its own tiers; a new draft uses the new ones.
    expect((await getRound(h.db, r.id)).tiers).toEqual(CONSOLE_TIERS);
    expect(await perTier(r.id)).toEqual({ Bronze: [1, "100"], Diamond: [1, "4500"] });
    const draft = await round("after the change", {});
    expect(await perTier(draft.id)).toEqual({ Wood: [0, "0"], Stone: [2, "4600"] });
    await expect(round("old tier", { Diamond: 3 })).rejects.toThrow(/Unknown tier "Diamond"/);

    // A round frozen before migration 0027 recorded no tiers: it simulates with those in force.
    await h.db.execute(sql`UPDATE airdrop_rounds SET tiers = NULL WHERE id = ${r.id}`);
    expect(await perTier(r.id)).toEqual({ Wood: [0, "0"], Stone: [2, "4600"] });
  });

  it("a draft whose multiplier's tier was removed since is refused at publish and at the freeze, not applied to nobody", async () => {
    const tiers = [
      { name: "Wood", min: 0 },
      { name: "Stone", min: 50 },
    ];
    await updateSettings(h.db, ADMIN, { "points.tiers": tiers });
    const r = await round("stone bonus", { Stone: 2 });
    await updateSettings(h.db, ADMIN, { "points.tiers": CONSOLE_TIERS });
    const refusal = {
      status: 409,
      code: "UNKNOWN_TIER",
      message: expect.stringContaining(
        'tier "Stone" (tiers: Bronze, Diamond), which is no longer a points tier',
      ),
    };
    await expect(requestPublish(h.db, r.id, ADMIN)).rejects.toMatchObject(refusal);
    // The worker's freeze checks again with the tiers of its moment (they may change after the request).
    await expect(freezeRound(h.db, r.id)).rejects.toMatchObject(refusal);
    expect(await getRound(h.db, r.id)).toMatchObject({
      status: "draft",
      publishRequestedAt: null,
      tiers: null,
    });
    const stored = await h.db.select().from(airdropAllocations).where(eq(airdropAllocations.roundId, r.id));
    expect(stored).toEqual([]);

    // With the tier back, the same round freezes with its multiplier applied.
    await updateSettings(h.db, ADMIN, { "points.tiers": tiers });
    expect(await freezeRound(h.db, r.id)).toMatchObject({ status: "frozen", tiers });
    expect(await perTier(r.id)).toEqual({ Wood: [0, "0"], Stone: [2, "4600"] });
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Address, PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as treeGET } from "@/app/api/airdrop/rounds/[id]/tree.json/route";
import type { DbHandle } from "@/db/client";
import { airdropRounds } from "@/db/schema";
import { config } from "@/server/config";
import { testDb } from "../../../../test/db";
import { fixtureAddress, seedParticipants } from "./fixtures";
import { freezeRound } from "./freeze";
import { roundsFor } from "./participant";
import { clearSnapshotCacheForTests } from "./participants";
import { createRound } from "./rounds";

// What a participant or a verifier sees of a round, on PGlite alone (no chain).

const HOUR = 3_600_000;
const ADMIN = "0x00000000000000000000000000000000000000ad";
let h: DbHandle;

beforeAll(async () => {
  h = await testDb();
  // Two heavy holders and one small one: 1,000, 1,000 and 1 point.
  await seedParticipants(h.db, {
    count: 3,
    at: new Date(Date.now() - 2 * HOUR),
    points: (i) => (i === 3 ? 1 : 1000),
  });
  clearSnapshotCacheForTests();
});
afterAll(async () => {
  await h?.close();
});

describe("airdrop participant view", () => {
  it("does not tell an eligible participant whose share rounded to 0 that they had no points", async () => {
    // A small total (e.g. a 0-decimal ERC-20, or a tiny pool): the 1-point holder's share floors to 0
    // and allocate() leaves that leaf out of the tree; the freeze records why (rounded_to_zero).
    const r = await createRound(
      h.db,
      {
        name: "tiny pool",
        totalAmount: "2",
        minPoints: 0,
        snapshotAt: new Date(Date.now() - HOUR).toISOString(),
        opensAt: new Date(Date.now() - HOUR).toISOString(),
        deadline: new Date(Date.now() + 48 * HOUR).toISOString(),
      },
      ADMIN,
      {} as PublicClient,
    );
    const frozen = await freezeRound(h.db, r.id);
    expect(frozen.status).toBe("frozen");
    expect(frozen.recipients).toBe(2);
    // Shown to participants (what the publish job does after the chain steps).
    await h.db
      .update(airdropRounds)
      .set({ status: "published", distributorAddress: "0x000000000000000000000000000000000000beef" })
      .where(eq(airdropRounds.id, r.id));
    const [round] = await roundsFor(h.db, fixtureAddress(3) as Address);
    const me = round!.me;
    // The participant held 1 point at the snapshot and met the 0-point minimum...
    expect(me.points).toBe(1);
    // ...so the page must not say REASONS.no_points(): "You had no points at the snapshot."
    expect(me.reason).not.toBe("no_points");
    expect(me).toMatchObject({ eligible: false, reason: "rounded_to_zero", points: 1 });
  });

  it("does not let a CDN cache tree.json's 404 (or any error) publicly for 5 minutes", async () => {
    const id = randomUUID();
    const res = await treeGET(new Request(`${config().origin}/api/airdrop/rounds/${id}/tree.json`), {
      params: Promise.resolve({ id }),
    });
    expect(res.status).toBe(404);
    // A round published a minute later would stay "not found" for everyone behind a shared cache;
    // the same goes for a 429 and a 503 (src/server/route.ts must apply `cache` to successes only).
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

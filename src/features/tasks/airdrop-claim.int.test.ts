import type { PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { airdropAllocations, airdropRounds } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { randomAddress } from "../../../test/accounts";
import { verifyTask } from "./server";
import { indexedEvent, tasksTestDb, who } from "./testing";

// The airdrop_claim task while the chain RPC is down: it reads the indexed Claimed events, as the
// airdrop page does (airdrop/server/participant.ts `isClaimed`), instead of saying "not claimed".

vi.mock("@/chain/clients", () => ({
  testnetClient: () =>
    ({
      readContract: () => Promise.reject(new Error("fetch failed: connect ECONNREFUSED 127.0.0.1:8545")),
    }) as unknown as PublicClient,
}));

const HOUR = 3_600_000;
const DISTRIBUTOR = "0x000000000000000000000000000000000000d157";

let handle: DbHandle;
beforeAll(async () => {
  handle = await tasksTestDb(`
- { id: airdrop, title: Claim your airdrop, description: Claim it., type: airdrop_claim, points: 40 }
`);
});
afterAll(() => handle?.close());

/** A published round at DISTRIBUTOR with one allocation (index 0) for `address`. */
async function allocation(address: string) {
  const [round] = await handle.db
    .insert(airdropRounds)
    .values({
      name: "Round 1",
      tokenMode: "deploy",
      totalAmount: "1000",
      snapshotAt: new Date(Date.now() - 2 * HOUR),
      minPoints: 0,
      tierMultipliers: {},
      opensAt: new Date(Date.now() - HOUR),
      deadline: new Date(Date.now() + 48 * HOUR),
      status: "published",
      distributorAddress: DISTRIBUTOR,
      createdBy: "0x00000000000000000000000000000000000000ad",
    })
    .returning();
  await handle.db.insert(airdropAllocations).values({
    roundId: round!.id,
    index: 0,
    address,
    amount: "1000",
    points: 10,
    tier: "Bronze",
    multiplierBps: 10_000,
    proof: [],
  });
}

describe("airdrop_claim with the chain RPC down", () => {
  it("counts the indexed Claimed event, and without one says the claim is missing", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const me = s.user.address.toLowerCase();
    await allocation(me);
    const before = await verifyTask(handle.db, who(s), "airdrop", { chain: null });
    expect(before).toMatchObject({ verified: false, credited: false });
    expect(before.message).toMatch(/^Your airdrop has not been claimed yet/);

    // The indexer saw the claim before the RPC went down (decode.ts: contract and recipient lower-case).
    await indexedEvent(handle.db, {
      kind: "claim",
      contract: DISTRIBUTOR,
      token: null,
      fromAddress: DISTRIBUTOR,
      toAddress: me,
      txFrom: me,
      txTo: DISTRIBUTOR,
      amount: "1000",
      args: { index: 0 },
    });
    expect(await verifyTask(handle.db, who(s), "airdrop", { chain: null })).toMatchObject({
      verified: true,
      credited: true,
      message: "Airdrop claim found on chain. +40 points.",
    });
  });
});

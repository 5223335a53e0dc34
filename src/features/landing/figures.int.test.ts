import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { participantExclusions } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { resetConfigForTests } from "@/server/config";
import { testDb } from "../../../test/db";
import { freePort } from "../../../test/ports";

/** With the RPC down, the landing figures and the health check degrade instead of failing. */
let db: DbHandle;
const ctx = { params: Promise.resolve({}) };

beforeAll(async () => {
  // Nothing listens on this port: every RPC call fails fast with a connection error.
  process.env.TESTNET_RPC_URL = `http://127.0.0.1:${await freePort()}`;
  resetConfigForTests();
  db = await testDb();
});

afterAll(async () => {
  await db?.close();
});

describe("an unreachable RPC", () => {
  it("shows the participants (less the excluded) and no block number on the landing page", async () => {
    await createTestSession("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    await createTestSession("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    // An excluded wallet (a bot the operator removed) is not advertised as a participant.
    await createTestSession("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    await db.db.insert(participantExclusions).values({
      address: "0x90f79bf6eb2c4f870365e785982e1f101e93b906",
      reasonCategory: "bot",
      reason: "farm",
      source: "manual",
      createdBy: "test",
    });
    const { landingFigures } = await import("./server/figures");
    expect(await landingFigures()).toEqual({ blockNumber: null, participants: 2 });
  });

  it("makes /api/health report rpc: error but stay 200 (the database decides), and /api/chain/status 200 with rpc.ok=false", async () => {
    const health = await import("@/app/api/health/route");
    const res = await health.GET(new Request("http://localhost/api/health"), ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: "ok", rpc: "error" });

    const status = await import("@/app/api/chain/status/route");
    const s = await status.GET(new Request("http://localhost/api/chain/status"), ctx);
    expect(s.status).toBe(200);
    expect(await s.json()).toMatchObject({ blockNumber: null, gasPriceWei: null, rpc: { ok: false } });
  });
});

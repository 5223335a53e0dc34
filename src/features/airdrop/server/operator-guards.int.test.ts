import { eq, sql } from "drizzle-orm";
import { type Address, HttpRequestError, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { airdropRounds, airdropTxs } from "@/db/schema";
import { testDb } from "../../../../test/db";
import { sweepSchema } from "../schema";
import { fixtureAddress, seedParticipants } from "./fixtures";
import { freezeRound, SNAPSHOT_SETTLE_MS } from "./freeze";
import { roundsFor } from "./participant";
import { clearSnapshotCacheForTests } from "./participants";
import { sweepRound } from "./publish";
import { deleteRound } from "./remove";
import { createRound, getRound } from "./rounds";
import type { ChainEnv } from "./sender";

// The operator's actions that must refuse bad targets and states with a clear 4xx/503, on PGlite
// alone: the chain is a stub wherever one is needed (never reached in the refusals).

const HOUR = 3_600_000;
const ADMIN = "0x00000000000000000000000000000000000000ad";
const DISTRIBUTOR = "0x000000000000000000000000000000000000beef";
const TOKEN = "0x000000000000000000000000000000000000c0de";
let h: DbHandle;

beforeAll(async () => {
  h = await testDb();
  await seedParticipants(h.db, { count: 3, at: new Date(Date.now() - 2 * HOUR), points: () => 500 });
  clearSnapshotCacheForTests();
});
afterAll(async () => {
  await h?.close();
});

const noChain = {} as PublicClient;
const draft = (snapshotAt = new Date(Date.now() - HOUR)) =>
  createRound(
    h.db,
    {
      name: "guards",
      totalAmount: "1000",
      minPoints: 0,
      snapshotAt: snapshotAt.toISOString(),
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      deadline: new Date(Date.now() + 48 * HOUR).toISOString(),
    },
    ADMIN,
    noChain,
  );
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { status?: number; code?: string; message?: string }) => ({
      status: e.status,
      code: e.code,
      message: e.message,
    }),
  );
const receipt = (answer: () => Promise<unknown>) => ({
  client: { getTransactionReceipt: answer } as unknown as PublicClient,
});

describe("deleting a round (the way out of one that was never deployed)", () => {
  it("deletes a draft; 404 for an unknown round", async () => {
    const r = await draft();
    expect(await deleteRound(h.db, r.id, ADMIN)).toEqual({ deleted: true });
    expect(await failure(deleteRound(h.db, r.id, ADMIN))).toMatchObject({
      status: 404,
      code: "ROUND_NOT_FOUND",
    });
  });

  it("refuses a round with a distributor, or whose publishing is queued or running", async () => {
    const deployed = await draft();
    await h.db
      .update(airdropRounds)
      .set({ status: "deployed", distributorAddress: DISTRIBUTOR })
      .where(eq(airdropRounds.id, deployed.id));
    expect(await failure(deleteRound(h.db, deployed.id, ADMIN))).toMatchObject({
      status: 409,
      code: "ROUND_NOT_DRAFT",
    });
    const queued = await draft();
    await h.db
      .update(airdropRounds)
      .set({ publishRequestedAt: sql`now()` })
      .where(eq(airdropRounds.id, queued.id));
    expect(await failure(deleteRound(h.db, queued.id, ADMIN))).toMatchObject({
      status: 409,
      code: "PUBLISH_IN_PROGRESS",
    });
    expect((await getRound(h.db, deployed.id)).id).toBe(deployed.id);
  });

  it("with a deployment transaction recorded: only once the chain shows it reverted", async () => {
    const r = await draft();
    await h.db.update(airdropRounds).set({ status: "frozen" }).where(eq(airdropRounds.id, r.id));
    const hash = `0x${"12".repeat(32)}`;
    await h.db.insert(airdropTxs).values({ roundId: r.id, kind: "deploy", hash, raw: "0x", nonce: 0 });
    const mined = receipt(async () => ({ status: "success" }));
    expect(await failure(deleteRound(h.db, r.id, ADMIN, { env: mined }))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/distributor was deployed/),
    });
    const pending = receipt(async () => {
      throw Object.assign(new Error("not found"), { name: "TransactionReceiptNotFoundError" });
    });
    expect(await failure(deleteRound(h.db, r.id, ADMIN, { env: pending }))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/may still be mined/),
    });
    const down = receipt(async () => {
      throw new HttpRequestError({ url: "http://127.0.0.1:1" });
    });
    expect(await failure(deleteRound(h.db, r.id, ADMIN, { env: down }))).toMatchObject({
      status: 503,
      code: "SERVICE_UNAVAILABLE",
    });
    const reverted = receipt(async () => ({ status: "reverted" }));
    expect(await deleteRound(h.db, r.id, ADMIN, { env: reverted })).toEqual({ deleted: true });
  });
});

describe("sweeping", () => {
  it("refuses the zero address as the destination (400 from the schema)", () => {
    const zero = sweepSchema.safeParse({ to: `0x${"0".repeat(40)}` });
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]?.message).toMatch(/zero address would burn/);
    expect(sweepSchema.safeParse({}).success).toBe(true);
  });

  it("refuses the round's own distributor or token as the destination with a 400, before the chain", async () => {
    const r = await draft();
    await h.db
      .update(airdropRounds)
      .set({ status: "published", distributorAddress: DISTRIBUTOR, tokenAddress: TOKEN })
      .where(eq(airdropRounds.id, r.id));
    const env = {} as ChainEnv; // never reached
    for (const to of [DISTRIBUTOR, TOKEN.toUpperCase().replace("0X", "0x")]) {
      expect(await failure(sweepRound(h.db, r.id, to as Address, ADMIN, { env }))).toMatchObject({
        status: 400,
        code: "INVALID_ADDRESS",
        message: expect.stringMatching(/locked for good/),
      });
    }
  });
});

describe("creating a round with a given token", () => {
  const withToken = (client: Partial<PublicClient>) =>
    failure(
      createRound(
        h.db,
        {
          name: "token",
          token: TOKEN,
          totalAmount: "1000",
          minPoints: 0,
          opensAt: new Date(Date.now() + HOUR).toISOString(),
          deadline: new Date(Date.now() + 48 * HOUR).toISOString(),
        },
        ADMIN,
        client as PublicClient,
      ),
    );

  it("answers 503 when the testnet cannot be read, not 400 INVALID_TOKEN", async () => {
    const down = async () => {
      throw new HttpRequestError({ url: "http://127.0.0.1:1" });
    };
    expect(await withToken({ getCode: down })).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    expect(
      await withToken({ getCode: async () => "0x6080", readContract: down as PublicClient["readContract"] }),
    ).toMatchObject({ status: 503, message: expect.stringMatching(/Could not read the testnet/) });
  });

  it("answers 400 INVALID_TOKEN for an address with no code, or one that is not an ERC-20", async () => {
    expect(await withToken({ getCode: async () => undefined })).toMatchObject({
      status: 400,
      code: "INVALID_TOKEN",
    });
    const reverts = async () => {
      throw Object.assign(new Error("execution reverted"), { name: "ContractFunctionExecutionError" });
    };
    expect(
      await withToken({
        getCode: async () => "0x6080",
        readContract: reverts as PublicClient["readContract"],
      }),
    ).toMatchObject({ status: 400, code: "INVALID_TOKEN" });
  });
});

describe("the freeze at the snapshot time", () => {
  it("waits out the settling margin, so a credit dated just before the snapshot and committed after it counts", async () => {
    const snapshotAt = new Date(Date.now() - 500);
    const r = await draft(snapshotAt);
    const late = fixtureAddress(99);
    const freezing = freezeRound(h.db, r.id);
    // Committed after the freeze started, stamped 1 ms before the snapshot (a slow transaction).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await seedParticipants(h.db, {
      count: 1,
      addresses: [late],
      at: new Date(snapshotAt.getTime() - 1),
      points: () => 500,
      prefix: "late",
    });
    const frozen = await freezing;
    expect(Date.now()).toBeGreaterThanOrEqual(snapshotAt.getTime() + SNAPSHOT_SETTLE_MS);
    expect(frozen.recipients).toBe(4);
    await h.db
      .update(airdropRounds)
      .set({ status: "published", distributorAddress: `0x${"f".repeat(40)}` })
      .where(eq(airdropRounds.id, r.id));
    const mine = (await roundsFor(h.db, late as Address)).find((x) => x.id === r.id);
    expect(mine?.me.eligible).toBe(true);
  }, 120_000);

  it("answers 409 SNAPSHOT_NOT_REACHED when the snapshot is still ahead", async () => {
    const r = await draft(new Date(Date.now() + HOUR));
    expect(await failure(freezeRound(h.db, r.id))).toMatchObject({
      status: 409,
      code: "SNAPSHOT_NOT_REACHED",
    });
  });
});

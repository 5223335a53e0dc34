// An airdrop claim read back from the database names the round's token: the activity context the
// wallet and the explorer pass in comes from the deployment file (currentActivityContext), which has
// no round's token, so accountActivity and the explorer's transaction view add the distributors'
// tokens from airdrop_rounds (symbol and decimals as the round stores them).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { airdropRounds, chainEvents } from "@/db/schema";
import { testDb } from "../../../../test/db";
import { watchListFromDeployment } from "./contracts";
import { fakeDeployment } from "./fixtures";
import { accountActivity, transactionEvents, withRoundTokens } from "./queries";

const watch = watchListFromDeployment(fakeDeployment(), { nativeSymbol: "AURUM", nativeName: "Aurum" });
const ctx = { watch, chainId: 99199, explorerUrl: "http://portal.test/explorer" };
const me = "0x00000000000000000000000000000000000000aa";
const distributor = "0x00000000000000000000000000000000000000d6";
const token = "0x00000000000000000000000000000000000000a6";
const txHash = `0x${"c6".repeat(32)}`;

let h: DbHandle;
beforeAll(async () => {
  h = await testDb();
  const day = 86_400_000;
  await h.db.insert(airdropRounds).values({
    name: "Round with an operator-chosen token",
    tokenMode: "existing",
    tokenAddress: token,
    tokenSymbol: "pUSD",
    tokenDecimals: 6,
    totalAmount: "1000000000",
    snapshotAt: new Date(Date.now() - day),
    minPoints: 0,
    tierMultipliers: {},
    opensAt: new Date(Date.now() - day),
    deadline: new Date(Date.now() + day),
    status: "published",
    distributorAddress: distributor,
    distributorBlock: 1,
    createdBy: me,
  });
  await h.db.insert(chainEvents).values({
    blockNumber: 10,
    blockHash: "0xb10",
    blockTime: new Date("2026-03-01T12:00:00Z"),
    txHash,
    txIndex: 0,
    logIndex: 0,
    kind: "claim",
    contract: distributor,
    token,
    fromAddress: distributor,
    toAddress: me,
    txFrom: me,
    txTo: distributor,
    amount: "2500000",
    args: { index: 3 },
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe("the round's token in the activity and the explorer", () => {
  it("accountActivity names the claimed token with the round's symbol and decimals", async () => {
    expect(watch.tokens.has(token)).toBe(false);
    const page = await accountActivity(h.db, me, { ctx, limit: 10 });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ kind: "claim" });
    expect(page.data[0]!.transfers).toEqual([
      {
        direction: "in",
        name: "pUSD",
        symbol: "pUSD",
        address: `eip155:99199:${token}`,
        quantity: { decimals: "6", numeric: "2500000" },
      },
    ]);
  });

  it("withRoundTokens adds it for a transaction's rows, and leaves a list without such rows as it is", async () => {
    const rows = await transactionEvents(h.db, txHash);
    const known = await withRoundTokens(h.db, watch, rows);
    expect(known.tokens.get(token)).toMatchObject({ symbol: "pUSD", decimals: 6 });
    expect(watch.tokens.has(token)).toBe(false); // the shared watch list is not changed
    expect(await withRoundTokens(h.db, watch, [{ token: null }])).toBe(watch);
  });
});

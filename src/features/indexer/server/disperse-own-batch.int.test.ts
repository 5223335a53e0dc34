// A participant who pays others through the (public) Disperse contract: the indexer writes the
// transaction's own native transfer (participant → Disperse, the whole batch, log index -1) and one
// `disperse_payout` row per recipient with from = the participant (log index -2 - i). Counting both
// read sending 1 + 2 AURUM as 6 AURUM out; what left the wallet is counted once.
import { parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disperseAbi } from "@/chain/generated";
import type { DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { testDb } from "../../../../test/db";
import { type WatchList, watchListFromDeployment } from "./contracts";
import { ChainIndexer } from "./indexer";
import { accountActivity } from "./queries";
import { startTestChain, type TestChain } from "./test-chain";
import { indexerClientFor } from "./worker";

const silent = { info: () => {}, warn: () => {}, error: () => {} };
let chain: TestChain;
let h: DbHandle;
let watch: WatchList;

beforeAll(async () => {
  chain = await startTestChain();
  h = await testDb();
  watch = watchListFromDeployment(chain.deployment, { nativeSymbol: "AURUM", nativeName: "Aurum" });
  // Alice is a participant (signed in once), so the indexer records her native transfers.
  await h.db.insert(users).values({ address: chain.address(2).toLowerCase(), referralCode: "REVIEW22" });
});
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

describe("a participant's own Disperse batch", () => {
  it("shows what left the wallet once: 3 AURUM out, not 6", async () => {
    const c = chain.deployment.contracts;
    const [bob, carol] = [chain.address(3), chain.address(4)];
    const hash = await chain.wallet(2).writeContract({
      chain: chain.chain,
      address: c.disperse.address,
      abi: disperseAbi,
      functionName: "disperseNative",
      args: [
        [bob, carol],
        [parseEther("1"), parseEther("2")],
      ],
      value: parseEther("3"),
    });
    const receipt = await chain.pub.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");

    const ix = new ChainIndexer({
      db: h.db,
      client: indexerClientFor(chain.anvil.url, chain.chain),
      chainId: 99199,
      watch,
      confirmations: 0,
      log: silent,
    });
    for (let i = 0; i < 50; i++) if ((await ix.step()).status === "idle") break;

    const page = await accountActivity(h.db, chain.address(2), {
      ctx: { watch, chainId: 99199, explorerUrl: "http://portal.test/explorer" },
      limit: 50,
    });
    const item = page.data.find((x) => x.txHash === hash.toLowerCase());
    expect(item).toBeDefined();
    const out = item!.transfers
      .filter((t) => t.direction === "out" && t.symbol === "AURUM")
      .reduce((s, t) => s + BigInt(t.quantity.numeric), 0n);
    // What the wallet actually paid (excluding gas): the batch's value, 3 AURUM.
    expect(out).toBe(parseEther("3"));
  });
});

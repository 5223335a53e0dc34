import { type Address, parseEther, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routerAbi, stakingRewardsAbi, testTokenAbi, wrappedNativeAbi } from "@/chain/generated";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import type { TestChain } from "@/features/indexer/testing";
import { type AccountHandler, indexToHead, startIndexedChain } from "../../../../test/indexed-chain";
import { activityTitle } from "../activity-label";
import type { HistoryPage } from "../types";

// Real transactions on Anvil (a tUSD → AURUM swap through the router, a wrap, an approve + stake,
// an unwrap, an AURUM → tUSD swap), indexed, then read through the activity API: each must read
// as what it was, not as the token transfers it is made of.

let chain: TestChain;
let h: DbHandle;
let history: AccountHandler;
let me: Address;
let cookie: string;
const SITE = "http://localhost:3000";
let expectedAurumOut = 0n;

beforeAll(async () => {
  ({ chain, h } = await startIndexedChain(SITE));
  me = chain.address(4);
  // A participant (their native value transfers are indexed), reading their own activity.
  cookie = (await createTestSession(me)).cookieHeader;
  history = (await import("@/app/api/account/[address]/history/route")).GET as unknown as AccountHandler;

  const c = chain.deployment.contracts;
  const w = chain.wallet(4);
  const send = async (p: Promise<`0x${string}`>) => {
    const r = await chain.pub.waitForTransactionReceipt({ hash: await p });
    expect(r.status).toBe("success");
  };
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  const tenUsd = parseUnits("10", 6);
  await send(
    chain.wallet(1).writeContract({
      chain: chain.chain,
      address: c.tUSD.address,
      abi: testTokenAbi,
      functionName: "transfer",
      args: [me, tenUsd],
    }),
  );
  // tUSD → AURUM: exact-amount approval, then the router swaps and unwraps.
  await send(
    w.writeContract({
      chain: chain.chain,
      address: c.tUSD.address,
      abi: testTokenAbi,
      functionName: "approve",
      args: [c.router.address, tenUsd],
    }),
  );
  const path = [c.tUSD.address, c.wrappedNative.address] as const;
  const amounts = await chain.pub.readContract({
    address: c.router.address,
    abi: routerAbi,
    functionName: "getAmountsOut",
    args: [tenUsd, [...path]],
  });
  expectedAurumOut = amounts[1]!;
  await send(
    w.writeContract({
      chain: chain.chain,
      address: c.router.address,
      abi: routerAbi,
      functionName: "swapExactTokensForETH",
      args: [tenUsd, 0n, [...path], me, deadline],
    }),
  );
  await send(
    w.writeContract({
      chain: chain.chain,
      address: c.wrappedNative.address,
      abi: wrappedNativeAbi,
      functionName: "deposit",
      value: parseEther("2"),
    }),
  );
  await send(
    w.writeContract({
      chain: chain.chain,
      address: c.wrappedNative.address,
      abi: wrappedNativeAbi,
      functionName: "approve",
      args: [c.stakingWAURUM.address, parseEther("1")],
    }),
  );
  await send(
    w.writeContract({
      chain: chain.chain,
      address: c.stakingWAURUM.address,
      abi: stakingRewardsAbi,
      functionName: "stake",
      args: [parseEther("1")],
    }),
  );
  await send(
    w.writeContract({
      chain: chain.chain,
      address: c.wrappedNative.address,
      abi: wrappedNativeAbi,
      functionName: "withdraw",
      args: [parseEther("0.5")],
    }),
  );
  await send(
    w.writeContract({
      chain: chain.chain,
      address: c.router.address,
      abi: routerAbi,
      functionName: "swapExactETHForTokens",
      args: [0n, [c.wrappedNative.address, c.tUSD.address], me, deadline],
      value: parseEther("0.1"),
    }),
  );

  await indexToHead(chain, h);
});
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

describe("activity of swaps, wraps and stakes through the API", () => {
  it("labels each transaction as what it was", async () => {
    const res = await history(new Request(`${SITE}/api/account/${me}/history`, { headers: { cookie } }), {
      params: Promise.resolve({ address: me }),
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as HistoryPage;
    // Newest first; the approvals moved nothing and are not activity.
    expect(page.data.map((a) => a.kind)).toEqual(["swap", "unwrap", "stake", "wrap", "swap", "receive"]);
    const titles = page.data.map((a) => activityTitle(a));
    expect(titles[1]).toBe("Unwrapped 0.5 WAURUM → 0.5 AURUM");
    expect(titles[2]).toBe("Staked 1 WAURUM");
    expect(titles[3]).toBe("Wrapped 2 AURUM → 2 WAURUM");
    expect(titles[4]).toMatch(/^Swapped 10 tUSD → \d+(\.\d+)? AURUM$/);
    expect(titles[0]).toMatch(/^Swapped 0\.1 AURUM → \d+(\.\d+)? tUSD$/);
    expect(titles.join("\n")).not.toMatch(/Sent/);

    const swap = page.data[4]!;
    expect(swap.transfers.map((t) => [t.direction, t.symbol, t.quantity.numeric])).toEqual([
      ["out", "tUSD", "10000000"],
      ["in", "AURUM", expectedAurumOut.toString()],
    ]);
    expect(swap.counterparty).toBeNull();
  });
});

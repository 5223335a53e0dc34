// `forceUpdate=true` must read the chain again (docs/api.md: "forceUpdate=true reads the chain
// again, as the wallet page does after a transfer"). A plain lookup of the same address already in
// flight (started before the transfer was mined: a poll, a focus refetch, another tab) must neither
// answer the forced call nor, settling last, put its pre-transfer balance in the 30 s cache.
import { describe, expect, it } from "vitest";
import type { Token } from "@/features/tokens";
import { BalanceService } from "./balances";

const tokens = [
  {
    id: "native",
    chainId: 99199,
    address: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
    caip: "x",
    symbol: "AURUM",
    name: "Aurum",
    decimals: 18,
    isNative: true,
    poolAddress: "0x1",
  },
] as Token[];
const who = "0x00000000000000000000000000000000000000aa" as const;

describe("BalanceService force while a plain lookup is in flight", () => {
  it("a forced read started after the chain changed returns the new balance", async () => {
    let chainBalance = 100n;
    const reads: Array<() => void> = [];
    const s = new BalanceService({
      chainId: 99199,
      tokens,
      prices: async () => new Map(),
      now: () => 0,
      log: () => {},
      // Each read snapshots the chain when it starts, answers when released.
      read: async () => {
        const seen = chainBalance;
        await new Promise<void>((r) => reads.push(r));
        return [seen];
      },
    });

    const plain = s.get(who); // e.g. the page's 30 s poll, in flight
    await Promise.resolve();
    chainBalance = 40n; // the user's send is mined
    const forced = s.get(who, { force: true }); // what the send form calls after the receipt
    // Release every read that was started (and any started later).
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 0));
      for (const r of reads.splice(0)) r();
    }
    await plain;
    const after = await forced;
    expect(after.balances[0]!.quantity.numeric).toBe("40");
    // And the 30 s cache must not keep the pre-transfer value.
    expect((await s.get(who)).balances[0]!.quantity.numeric).toBe("40");
  });

  it("an older lookup settling after the forced one does not overwrite the cache", async () => {
    let chainBalance = 100n;
    const reads: Array<() => void> = [];
    const s = new BalanceService({
      chainId: 99199,
      tokens,
      prices: async () => new Map(),
      now: () => 0,
      log: () => {},
      read: async () => {
        const seen = chainBalance;
        await new Promise<void>((r) => reads.push(r));
        return [seen];
      },
    });

    const plain = s.get(who);
    await Promise.resolve();
    chainBalance = 40n;
    const forced = s.get(who, { force: true });
    const joined = s.get(who); // a plain call after the forced one joins the newer lookup
    for (let i = 0; i < 5 && reads.length < 2; i++) await new Promise((r) => setTimeout(r, 0));
    expect(reads).toHaveLength(2);
    const [releasePlain, releaseForced] = reads.splice(0);
    releaseForced!();
    expect((await forced).balances[0]!.quantity.numeric).toBe("40");
    expect((await joined).balances[0]!.quantity.numeric).toBe("40");
    releasePlain!();
    expect((await plain).balances[0]!.quantity.numeric).toBe("100");
    expect((await s.get(who)).balances[0]!.quantity.numeric).toBe("40");
  });
});

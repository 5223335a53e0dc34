import { describe, expect, it } from "vitest";
import type { Token } from "@/features/tokens";
import { BALANCE_CACHE_MAX_ENTRIES, BalanceService } from "./balances";

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
  {
    id: "tUSD",
    chainId: 99199,
    address: "0x0000000000000000000000000000000000000002",
    caip: "eip155:99199:0x0000000000000000000000000000000000000002",
    symbol: "tUSD",
    name: "Test USD",
    decimals: 6,
    isNative: false,
    poolAddress: "0x2",
  },
] as Token[];
const who = "0x00000000000000000000000000000000000000aa" as const;

function service(read: () => Promise<bigint[]>, now = { t: 0 }) {
  const logged: unknown[] = [];
  const s = new BalanceService({
    chainId: 99199,
    tokens,
    read,
    prices: async () => new Map(),
    now: () => now.t,
    log: (e) => logged.push(e),
  });
  return { s, logged, now };
}

describe("BalanceService (the seed's native balance rule)", () => {
  it("caches per address for 30 s", async () => {
    let calls = 0;
    const { s, now } = service(async () => [BigInt(++calls), 0n]);
    expect((await s.get(who)).balances[0]!.quantity.numeric).toBe("1");
    now.t = 29_999;
    expect((await s.get(who)).balances[0]!.quantity.numeric).toBe("1");
    now.t = 30_000;
    expect((await s.get(who)).balances[0]!.quantity.numeric).toBe("2");
    expect((await s.get(who, { force: true })).balances[0]!.quantity.numeric).toBe("3");
  });

  it("keeps one lookup in flight per address", async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { s } = service(async () => {
      calls++;
      await gate;
      return [7n, 1n];
    });
    const all = Promise.all([
      s.get(who),
      s.get(who),
      s.get(who.toUpperCase().replace("0X", "0x") as typeof who),
    ]);
    release();
    const out = await all;
    expect(calls).toBe(1);
    expect(out.every((r) => r.balances[0]!.quantity.numeric === "7")).toBe(true);
  });

  it("a failure shows 0 of the native coin, is logged and not cached", async () => {
    let fail = true;
    const { s, logged } = service(async () => {
      if (fail) throw new Error("rpc down");
      return [5n, 0n];
    });
    const r = await s.get(who);
    expect(r.status).toBe("unavailable");
    expect(r.balances).toEqual([
      expect.objectContaining({ symbol: "AURUM", quantity: { decimals: "18", numeric: "0" } }),
    ]);
    expect(logged).toHaveLength(1);
    fail = false;
    expect((await s.get(who)).balances[0]!.quantity.numeric).toBe("5");
  });
});

describe("BalanceService cache bound (issue 10, item 4)", () => {
  it("holds at most its maximum after 20,000 addresses, evicting the least recently used", async () => {
    const { s } = service(async () => [1n, 2n]);
    const first = "0x0000000000000000000000000000000000000001" as const;
    await s.get(first);
    for (let i = 2; i <= 20_000; i++) {
      await s.get(`0x${i.toString(16).padStart(40, "0")}`);
    }
    expect(s.size).toBe(BALANCE_CACHE_MAX_ENTRIES);
    // 20,000 lookups take a second or two; the margin is for a loaded CI machine.
  }, 60_000);

  it("evicts the least recently used address first", async () => {
    let reads = 0;
    const s = new BalanceService({
      chainId: 99199,
      tokens,
      read: async () => [BigInt(++reads), 0n],
      prices: async () => new Map(),
      now: () => 0,
      maxEntries: 2,
    });
    const a = "0x00000000000000000000000000000000000000a1" as const;
    const b = "0x00000000000000000000000000000000000000b2" as const;
    const c = "0x00000000000000000000000000000000000000c3" as const;
    await s.get(a);
    await s.get(b);
    await s.get(a); // a is now the most recently used
    await s.get(c); // evicts b
    expect(s.size).toBe(2);
    expect(reads).toBe(3);
    await s.get(a);
    expect(reads).toBe(3);
    await s.get(b);
    expect(reads).toBe(4);
  });
});

// `forceUpdate=true` must read the chain again (docs/api.md: "forceUpdate=true reads the chain
// again, as the wallet page does after a transfer"). A plain lookup of the same address already in
// flight (started before the transfer was mined: a poll, a focus refetch, another tab) must neither
// answer the forced call nor, settling last, put its pre-transfer balance in the 30 s cache.
describe("BalanceService force while a plain lookup is in flight", () => {
  /** A chain whose reads see the native balance when they start and answer when released. */
  function gatedChain() {
    const chain = { balance: 100n };
    const reads: Array<() => void> = [];
    const { s } = service(async () => {
      const seen = chain.balance;
      await new Promise<void>((r) => reads.push(r));
      return [seen, 0n];
    });
    return { s, chain, reads };
  }

  it("a forced read started after the chain changed returns the new balance", async () => {
    const { s, chain, reads } = gatedChain();
    const plain = s.get(who); // e.g. the page's 30 s poll, in flight
    await Promise.resolve();
    chain.balance = 40n; // the user's send is mined
    const forced = s.get(who, { force: true }); // what the send form calls after the receipt
    // Release every read that was started (and any started later).
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 0));
      for (const r of reads.splice(0)) r();
    }
    await plain;
    expect((await forced).balances[0]!.quantity.numeric).toBe("40");
    // And the 30 s cache must not keep the pre-transfer value.
    expect((await s.get(who)).balances[0]!.quantity.numeric).toBe("40");
  });

  it("an older lookup settling after the forced one does not overwrite the cache", async () => {
    const { s, chain, reads } = gatedChain();
    const plain = s.get(who);
    await Promise.resolve();
    chain.balance = 40n;
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

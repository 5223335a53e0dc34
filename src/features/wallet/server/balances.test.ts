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

import { describe, expect, it, vi } from "vitest";
import {
  bound,
  PENDING_LIMIT,
  type RecentTx,
  readTransactions,
  recordTransaction,
  repointTransaction,
  settleTransaction,
  subscribeTransactions,
} from "./transactions";

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

describe("recent transactions", () => {
  it("records newest first, settles, and notifies", () => {
    const s = memory();
    const listener = vi.fn();
    const off = subscribeTransactions(listener);
    recordTransaction(hash(1), "Faucet claim", s);
    recordTransaction(hash(2), "Swap", s);
    settleTransaction(hash(1), "confirmed", s);
    off();
    expect(readTransactions(s).map((t) => [t.label, t.status])).toEqual([
      ["Swap", "pending"],
      ["Faucet claim", "confirmed"],
    ]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("refuses a malformed hash and ignores broken storage", () => {
    expect(() => recordTransaction("0x1234", "x", memory())).toThrow(/64 hex/);
    expect(readTransactions({ getItem: () => "nope", setItem: () => {} })).toEqual([]);
  });

  it("keeps at most 99 pending and 20 settled", () => {
    const list: RecentTx[] = Array.from({ length: 150 }, (_, i) => ({
      hash: hash(i) as `0x${string}`,
      label: String(i),
      status: i % 3 === 0 ? "confirmed" : "pending",
      at: i,
    }));
    const kept = bound(list);
    expect(kept.filter((t) => t.status === "pending")).toHaveLength(PENDING_LIMIT);
    expect(kept.filter((t) => t.status === "confirmed")).toHaveLength(20);
  });

  it("re-points a sped-up transaction to its mined hash, keeping its place and status", () => {
    const s = memory();
    recordTransaction(hash(1), "Stake", s);
    recordTransaction(hash(2), "Swap", s);
    // The mined hash was recorded too (another tab): one row for it, not two.
    recordTransaction(hash(9), "Swap", s);
    repointTransaction(hash(2), hash(9), s);
    expect(readTransactions(s).map((t) => [t.hash, t.label, t.status])).toEqual([
      [hash(9), "Swap", "pending"],
      [hash(1), "Stake", "pending"],
    ]);
    repointTransaction(hash(5), hash(6), s);
    repointTransaction(hash(1), "0x12", s);
    expect(readTransactions(s).map((t) => t.hash)).toEqual([hash(9), hash(1)]);
  });
});

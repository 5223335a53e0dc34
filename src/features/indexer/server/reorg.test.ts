import { describe, expect, it } from "vitest";
import { checkParent, findCommonAncestor, type Header, isLinked } from "./reorg";

const h = (number: number, hash: string, parentHash: string): Header => ({ number, hash, parentHash });

describe("reorg decisions", () => {
  it("continues when the next block's parent is the stored hash (or nothing is stored)", () => {
    expect(checkParent(h(11, "0xb", "0xa"), h(10, "0xa", "0x9"))).toBe(true);
    expect(checkParent(h(11, "0xb", "0xA"), h(10, "0xa", "0x9"))).toBe(true);
    expect(checkParent(h(11, "0xb", "0xa"), undefined)).toBe(true);
    expect(checkParent(h(11, "0xb", "0xz"), h(10, "0xa", "0x9"))).toBe(false);
  });

  it("finds the newest block both sides agree on", async () => {
    const stored = [h(12, "0xc", "0xb"), h(11, "0xb", "0xa"), h(10, "0xa", "0x9")];
    const chain: Record<number, string> = { 10: "0xa", 11: "0xB2", 12: "0xc2" };
    expect(await findCommonAncestor(stored, async (n) => chain[n] ?? null)).toBe(10);
  });

  it("skips blocks the chain no longer has", async () => {
    const stored = [h(12, "0xc", "0xb"), h(11, "0xb", "0xa")];
    expect(await findCommonAncestor(stored, async (n) => (n === 11 ? "0xb" : null))).toBe(11);
  });

  it("rewinds past everything stored when nothing matches", async () => {
    const stored = [h(12, "0xc", "0xb"), h(11, "0xb", "0xa")];
    expect(await findCommonAncestor(stored, async () => "0xother")).toBe(10);
    expect(await findCommonAncestor([], async () => null)).toBe(-1);
  });

  it("checks that a fetched run of blocks links up", () => {
    expect(isLinked([h(1, "0x1", "0x0"), h(2, "0x2", "0x1"), h(3, "0x3", "0x2")])).toBe(true);
    expect(isLinked([h(1, "0x1", "0x0"), h(2, "0x2", "0xX")])).toBe(false);
    expect(isLinked([h(1, "0x1", "0x0"), h(3, "0x3", "0x1")])).toBe(false);
    expect(isLinked([])).toBe(true);
  });
});

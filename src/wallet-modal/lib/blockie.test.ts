import { describe, expect, it } from "vitest";
import { blockie } from "./blockie";

const A = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const B = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

describe("blockie", () => {
  it("is deterministic and ignores address case", () => {
    expect(blockie(A)).toEqual(blockie(A));
    expect(blockie(A.toLowerCase())).toEqual(blockie(A));
  });

  it("gives different addresses different pictures", () => {
    expect(blockie(A).cells).not.toEqual(blockie(B).cells);
    expect(blockie(A).color).not.toBe(blockie(B).color);
  });

  it("is an 8×8 grid of 0/1/2, mirrored left to right", () => {
    const { size, cells } = blockie(B);
    expect(size).toBe(8);
    expect(cells).toHaveLength(64);
    for (const c of cells) expect([0, 1, 2]).toContain(c);
    for (let y = 0; y < 8; y++) {
      const row = cells.slice(y * 8, y * 8 + 8);
      expect(row).toEqual([...row].reverse());
    }
  });

  it("produces valid hsl colours", () => {
    const b = blockie(A);
    for (const c of [b.color, b.background, b.spot]) expect(c).toMatch(/^hsl\(\d+ [\d.]+% [\d.]+%\)$/);
  });

  it("mirrors odd sizes around the middle column", () => {
    const { cells } = blockie(A, 5);
    expect(cells).toHaveLength(25);
    const row = cells.slice(0, 5);
    expect(row).toEqual([...row].reverse());
  });
});

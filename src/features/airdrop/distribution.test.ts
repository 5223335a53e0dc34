import { describe, expect, it } from "vitest";
import { distributionFigures } from "./distribution";

// Hand-computed figures: the simulator and its oracle share this module, so the formulas are
// checked here against values worked out on paper.
describe("distributionFigures", () => {
  it("is all zero for no recipients", () => {
    expect(distributionFigures([], 0n)).toEqual({
      min: "0",
      median: "0",
      max: "0",
      top1Share: 0,
      top10Share: 0,
      gini: 0,
    });
  });

  it("has Gini 0 and the top recipient's share for equal amounts", () => {
    // Ten equal amounts: the top 1 % and the top 10 % are both one recipient, a tenth.
    const f = distributionFigures(Array(10).fill(5n), 50n);
    expect(f).toEqual({ min: "5", median: "5", max: "5", top1Share: 0.1, top10Share: 0.1, gini: 0 });
  });

  it("computes Gini, the upper median and the top shares of an unequal distribution", () => {
    // [1, 2, 3, 4]: Σ i·x = 1 + 4 + 9 + 16 = 30, G = 2·30 / (4·10) − 5/4 = 0.25; the upper median is 3.
    const f = distributionFigures([1n, 2n, 3n, 4n], 10n);
    expect(f).toEqual({ min: "1", median: "3", max: "4", top1Share: 0.4, top10Share: 0.4, gini: 0.25 });
    // One recipient of four holding everything: G = (n − 1) / n = 0.75.
    expect(distributionFigures([0n, 0n, 0n, 8n], 8n).gini).toBe(0.75);
  });

  it("takes the top 10 % as ⌈n/10⌉ recipients and rounds shares down to millionths", () => {
    // 11 recipients summing to 60: the top 10 % are the 2 largest (⌈1.1⌉), 9 + 10 = 19 of 60 =
    // 0.3166…; the top 1 % is the largest, 10 of 60 = 0.1666….
    const f = distributionFigures([1n, 2n, 3n, 4n, 5n, 5n, 6n, 7n, 8n, 9n, 10n], 60n);
    expect(f.top10Share).toBe(0.316666);
    expect(f.top1Share).toBe(0.166666);
    expect(f.median).toBe("5");
  });
});

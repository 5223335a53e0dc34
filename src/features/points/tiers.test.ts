import { describe, expect, it } from "vitest";
import { tierFor } from "./tiers";

const tiers = [
  { name: "Bronze", min: 0 },
  { name: "Silver", min: 500 },
  { name: "Gold", min: 2000 },
];

describe("tierFor", () => {
  it("starts in the first tier with progress towards the second", () => {
    expect(tierFor(0, tiers)).toEqual({ current: tiers[0], next: tiers[1], toNext: 500, progress: 0 });
    expect(tierFor(250, tiers).progress).toBe(0.5);
  });
  it("moves up exactly at the threshold", () => {
    expect(tierFor(499, tiers).current.name).toBe("Bronze");
    expect(tierFor(500, tiers).current.name).toBe("Silver");
    expect(tierFor(500, tiers).toNext).toBe(1500);
  });
  it("reports the top tier as complete", () => {
    expect(tierFor(10_000, tiers)).toEqual({ current: tiers[2], next: null, toNext: 0, progress: 1 });
  });
  it("refuses an empty tier list", () => {
    expect(() => tierFor(1, [])).toThrow();
  });
});

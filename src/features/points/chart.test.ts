import { describe, expect, it } from "vitest";
import { chartGeometry } from "./chart";

const size = { width: 100, height: 50, pad: 0 };

describe("chartGeometry", () => {
  it("is null without data", () => {
    expect(chartGeometry([], "2026-01-01", size)).toBeNull();
  });
  it("steps up on credit days and runs flat to today", () => {
    const g = chartGeometry(
      [
        { day: "2026-01-01", total: 10 },
        { day: "2026-01-03", total: 20 },
      ],
      "2026-01-05",
      size,
    );
    // Day 0 of 4 at x=0, day 2 at x=50, today at x=100; total 20 is the top (y=0), 10 is y=25.
    expect(g?.path).toBe("M0,50 L0,25 L50,25 L50,0 L100,0");
    expect(g?.max).toBe(20);
    expect(g?.last).toBe("2026-01-05");
  });
});

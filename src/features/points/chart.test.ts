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
    // From 2025-12-31 (at 0) to today, 5 days: Jan 1 at x=20, Jan 3 at x=60; 20 is the top (y=0), 10 is y=25.
    expect(g?.path).toBe("M0,50 L20,50 L20,25 L60,25 L60,0 L100,0");
    expect(g?.first).toBe("2025-12-31");
    expect(g?.max).toBe(20);
    expect(g?.last).toBe("2026-01-05");
  });
});

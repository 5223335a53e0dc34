import { describe, expect, it } from "vitest";
import { chartDays } from "./chart";

describe("chartDays", () => {
  it("is null without data", () => {
    expect(chartDays([], "2026-01-01")).toBeNull();
  });
  it("starts at 0 the day before the first credit and carries totals to today", () => {
    const c = chartDays(
      [
        { day: "2026-01-01", total: 10 },
        { day: "2026-01-03", total: 20 },
      ],
      "2026-01-05",
    );
    expect(c?.days).toEqual([
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
      "2026-01-05",
    ]);
    expect(c?.totals).toEqual([0, 10, 10, 20, 20, 20]);
    expect(c?.max).toBe(20);
    expect(c?.last).toBe("2026-01-05");
  });
  it("keeps at most a year of days, starting from the total reached by then", () => {
    const c = chartDays(
      [
        { day: "2024-01-01", total: 5 },
        { day: "2026-01-01", total: 9 },
      ],
      "2026-01-02",
    );
    expect(c?.days).toHaveLength(366);
    expect(c?.totals[0]).toBe(5);
    expect(c?.totals.at(-1)).toBe(9);
  });
});

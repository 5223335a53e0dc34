import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rangeQuery } from "./schema";

// The documented default of rangeQuery is "the last 30 days": the range must reach the present,
// so today's sign-ups (after 01:00 UTC) are in the overview and in an export made without `to`.
const NOW = new Date("2026-03-10T15:30:00.000Z");
describe("rangeQuery default", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());
  it("ends no earlier than now when no `to` is given", () => {
    const r = rangeQuery.parse({});
    expect(r.to.getTime()).toBeGreaterThanOrEqual(NOW.getTime());
  });
  it("with only `from`, still includes everything up to now", () => {
    const r = rangeQuery.parse({ from: "2026-03-08" });
    expect(r.to.getTime()).toBeGreaterThanOrEqual(NOW.getTime());
  });
});

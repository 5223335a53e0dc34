import { describe, expect, it } from "vitest";
import { isoDateTime, isoDayOrDateTime } from "./iso-date";

const ok = (schema: typeof isoDateTime | typeof isoDayOrDateTime, s: string) => schema.safeParse(s).success;

describe("the shared ISO date rule (years 1970..9998, UTC)", () => {
  it("takes days and date-times inside the range, at its edges too", () => {
    for (const s of ["1970-01-01", "2026-01-31", "9998-12-31"]) expect(ok(isoDayOrDateTime, s)).toBe(true);
    for (const s of ["1970-01-01T00:00:00Z", "2026-03-02T10:00:00.123+02:00", "9998-12-31T23:59:59.999Z"]) {
      expect(ok(isoDateTime, s)).toBe(true);
      expect(ok(isoDayOrDateTime, s)).toBe(true);
    }
  });

  it("refuses year 0, year 9999, and instants an offset moves out of the range", () => {
    for (const s of ["0000-01-01", "0001-01-01", "1969-12-31", "9999-01-01", "9999-12-31"])
      expect(ok(isoDayOrDateTime, s)).toBe(false);
    for (const s of [
      "0000-01-01T00:00:00Z",
      "1970-01-01T00:30:00+01:00", // 1969-12-31T23:30Z
      "9998-12-31T23:00:00-05:00", // 9999-01-01T04:00Z
    ]) {
      expect(ok(isoDateTime, s)).toBe(false);
      expect(ok(isoDayOrDateTime, s)).toBe(false);
    }
  });

  it("refuses what is not a real instant: impossible days and times, a leap second, no offset", () => {
    for (const s of [
      "2024-02-30T00:00:00Z",
      "2024-13-01T00:00:00Z",
      "2024-01-01T24:00:00Z",
      "2026-01-01T00:00:60Z",
    ])
      expect(ok(isoDateTime, s)).toBe(false);
    expect(ok(isoDateTime, "2026-01-01T00:00:00")).toBe(false);
    expect(ok(isoDateTime, "2026-01-01")).toBe(false);
    expect(ok(isoDayOrDateTime, "2023-02-29")).toBe(false);
  });

  it("names the range in its message", () => {
    expect(isoDateTime.safeParse("0000-01-01T00:00:00Z").error?.issues[0]?.message).toBe(
      "a date from 1970 to 9998",
    );
  });
});

import { expect, it } from "vitest";
import { unchangedFields } from "./unchanged";

it("compares the fields of next by value: jsonb key order and date objects do not count as changes", () => {
  const stored = { id: "t", params: { a: 1, b: [2] }, startsAt: new Date("2026-11-01T00:00:00Z"), extra: 1 };
  expect(
    unchangedFields({ params: { b: [2], a: 1 }, startsAt: new Date("2026-11-01T00:00:00.000Z") }, stored),
  ).toBe(true);
  expect(unchangedFields({ params: { a: 1, b: [3] } }, stored)).toBe(false);
  expect(unchangedFields({ startsAt: new Date("2026-11-01T00:00:00.001Z") }, stored)).toBe(false);
  expect(unchangedFields({ startsAt: null }, stored)).toBe(false);
});

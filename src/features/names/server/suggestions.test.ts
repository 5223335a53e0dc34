import { describe, expect, it } from "vitest";
import { checkName, NAME_MAX_LENGTH } from "../rules";
import { candidateNames } from "./suggestions";

describe("candidateNames", () => {
  it("derives alternatives from the name, deterministic for a year", () => {
    expect(candidateNames("alice", 2026).slice(0, 6)).toEqual([
      "alice2",
      "alice3",
      "alice26",
      "alice7",
      "alice-x",
      "alice8",
    ]);
  });

  // Review (names): `the-alice`, `real-alice`, `alice-hq` and `alice-dev` read as the official holder
  // of the taken `alice`; offering them with one click helped impersonation. Digits stay.
  it("offers no pattern that reads as the genuine holder of the name", () => {
    const all = candidateNames("alice", 2026);
    for (const c of all) expect(c, c).toMatch(/^alice(\d+|-x)$/);
  });

  it("keeps every candidate within the length limit and valid", () => {
    const long = "a".repeat(NAME_MAX_LENGTH);
    for (const c of candidateNames(long, 2026)) {
      expect(c.length).toBeLessThanOrEqual(NAME_MAX_LENGTH);
      expect(checkName(c).ok).toBe(true);
    }
  });

  it("never leaves a trailing hyphen when the base is cut", () => {
    const base = `${"a".repeat(NAME_MAX_LENGTH - 6)}-bcdef`;
    for (const c of candidateNames(base, 2026)) expect(c.endsWith("-")).toBe(false);
  });
});

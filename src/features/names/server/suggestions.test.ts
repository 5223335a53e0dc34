import { describe, expect, it } from "vitest";
import { checkName, NAME_MAX_LENGTH } from "../rules";
import { candidateNames } from "./suggestions";

describe("candidateNames", () => {
  it("derives alternatives from the name, deterministic for a year", () => {
    expect(candidateNames("alice", "aurum", 2026).slice(0, 6)).toEqual([
      "alice2",
      "alice3",
      "alice-aurum",
      "alice26",
      "the-alice",
      "alice-x",
    ]);
  });

  it("keeps every candidate within the length limit and valid", () => {
    const long = "a".repeat(NAME_MAX_LENGTH);
    for (const c of candidateNames(long, "aurum", 2026)) {
      expect(c.length).toBeLessThanOrEqual(NAME_MAX_LENGTH);
      expect(checkName(c).ok).toBe(true);
    }
  });

  it("never leaves a trailing hyphen when the base is cut", () => {
    const base = `${"a".repeat(NAME_MAX_LENGTH - 6)}-bcdef`;
    for (const c of candidateNames(base, "aurum", 2026)) expect(c.endsWith("-")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { contiguousSections } from "./sections";

const row = (slug: string, sectionSlug: string) => ({ slug, sectionSlug });

describe("contiguousSections", () => {
  it("brings a section's questions together where the section first appears, keeping their order", () => {
    const rows = [row("a1", "a"), row("b1", "b"), row("a2", "a"), row("c1", "c"), row("b2", "b")];
    expect(contiguousSections(rows).map((r) => r.slug)).toEqual(["a1", "a2", "b1", "b2", "c1"]);
  });

  it("leaves an already grouped order as it is", () => {
    const rows = [row("b1", "b"), row("b2", "b"), row("a1", "a")];
    expect(contiguousSections(rows)).toEqual(rows);
    expect(contiguousSections([])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { formatPoints, rankLabel } from "./format";

describe("points formatting", () => {
  it("shows a rank only once the participant has points", () => {
    expect(rankLabel("0", 25)).toBe("Not ranked yet");
    expect(rankLabel(0n, 1)).toBe("Not ranked yet");
    expect(rankLabel("120", 3)).toBe("#3");
  });

  it("says an excluded participant (no rank) is not ranked, whatever the balance", () => {
    expect(rankLabel("120", null)).toBe("Not ranked");
    expect(rankLabel("0", null)).toBe("Not ranked");
  });

  it("groups thousands", () => {
    expect(formatPoints("1234567")).toBe("1,234,567");
  });
});

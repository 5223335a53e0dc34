import { describe, expect, it } from "vitest";
import { formatPoints, rankLabel } from "./format";

describe("points formatting", () => {
  it("shows a rank only once the participant has points", () => {
    expect(rankLabel("0", 25)).toBe("Not ranked yet");
    expect(rankLabel(0n, 1)).toBe("Not ranked yet");
    expect(rankLabel("120", 3)).toBe("#3");
  });

  it("groups thousands", () => {
    expect(formatPoints("1234567")).toBe("1,234,567");
  });
});

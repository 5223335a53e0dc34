import { describe, expect, it } from "vitest";
import { shortenAddress } from "./address";

describe("shortenAddress", () => {
  it("keeps 0x + 4 and the last 4 characters", () => {
    expect(shortenAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")).toBe("0x3C44…93BC");
  });
  it("leaves anything that is not an address untouched", () => {
    expect(shortenAddress("alice.aurum")).toBe("alice.aurum");
    expect(shortenAddress("0x1234")).toBe("0x1234");
  });
});

import { describe, expect, it } from "vitest";
import { accountTabs } from "./account-tabs";

describe("account tabs", () => {
  it("hide NFTs while the chain has no NFT collection (NFT_COLLECTIONS empty)", () => {
    expect(accountTabs([])).toEqual(["Tokens", "Activity", "Recent"]);
  });
  it("show NFTs when a collection is configured", () => {
    expect(accountTabs(["0x00000000000000000000000000000000000000c1"])).toEqual([
      "Tokens",
      "NFTs",
      "Activity",
      "Recent",
    ]);
  });
});

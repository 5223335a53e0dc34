import { describe, expect, it } from "vitest";
import { decodeHistoryCursor, encodeHistoryCursor } from "./cursor";

describe("history cursor", () => {
  it("round-trips ledger ids", () => {
    for (const id of [1, 42, 9_007_199_254_740_991])
      expect(decodeHistoryCursor(encodeHistoryCursor(id))).toBe(id);
  });
  it("rejects anything else", () => {
    for (const bad of [
      "",
      "abc",
      "!!!",
      Buffer.from("p1:0").toString("base64url"),
      Buffer.from("p1:-3").toString("base64url"),
      Buffer.from("p2:5").toString("base64url"),
      Buffer.from("p1:99999999999999999").toString("base64url"),
      "x".repeat(41),
    ]) {
      expect(decodeHistoryCursor(bad)).toBeNull();
    }
  });
});

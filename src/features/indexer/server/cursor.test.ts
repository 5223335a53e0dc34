import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor";

describe("history cursor", () => {
  it("round-trips any position", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 48 }),
        fc.integer({ min: 0, max: 100_000 }),
        (block, txIndex) => {
          const text = encodeCursor({ block, txIndex });
          expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(decodeCursor(text)).toEqual({ block, txIndex });
        },
      ),
    );
  });

  it("rejects anything it did not issue", () => {
    for (const bad of [
      "",
      "abc",
      "12.3",
      "%%%",
      Buffer.from("h1.-1.2").toString("base64url"),
      Buffer.from("h2.1.2").toString("base64url"),
      "x".repeat(200),
    ]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });
});

import { describe, expect, it } from "vitest";
import { backoffDelay } from "./workers";

describe("worker restart backoff", () => {
  it("doubles from the base delay up to the cap", () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1_000))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffDelay(20, 1_000, 60_000)).toBe(60_000);
  });
});

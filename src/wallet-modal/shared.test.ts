import { describe, expect, it } from "vitest";
import { sharedQueryClient } from "./shared";

describe("sharedQueryClient on the server", () => {
  it("is a fresh client per render with gcTime Infinity (no timers keep a render alive)", () => {
    const a = sharedQueryClient();
    const b = sharedQueryClient();
    expect(a).not.toBe(b);
    expect(a.getDefaultOptions().queries?.gcTime).toBe(Number.POSITIVE_INFINITY);
  });
});

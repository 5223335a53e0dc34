import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskAddress, referralBonus } from "./maths";

describe("referralBonus", () => {
  it("is the share rounded down", () => {
    expect(referralBonus(100, 10)).toBe(10);
    expect(referralBonus(55, 10)).toBe(5);
    expect(referralBonus(9, 10)).toBe(0);
    expect(referralBonus(250, 15)).toBe(37);
    expect(referralBonus(100, 100)).toBe(100);
  });
  it("is zero for nothing to share", () => {
    expect(referralBonus(0, 10)).toBe(0);
    expect(referralBonus(-5, 10)).toBe(0);
    expect(referralBonus(100, 0)).toBe(0);
  });
  it("never exceeds the credit and matches integer SQL division", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 100 }), (p, s) => {
        const b = referralBonus(p, s);
        expect(b).toBeLessThanOrEqual(p);
        expect(b).toBe(Number((BigInt(p) * BigInt(s)) / 100n));
      }),
    );
  });
});

describe("maskAddress", () => {
  it("keeps the ends only", () => {
    expect(maskAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8")).toBe("0x70••••79c8");
  });
});

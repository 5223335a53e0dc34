import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  generateReferralCode,
  isReferralCode,
  normalizeReferralCode,
  REFERRAL_ALPHABET,
} from "./referral-code";

describe("referral codes", () => {
  it("generates well-formed codes from the alphabet only", () => {
    for (let i = 0; i < 2000; i++) {
      const code = generateReferralCode();
      expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
      expect(isReferralCode(code)).toBe(true);
    }
  });

  it("uses every symbol of the alphabet (no bias towards a subset)", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) for (const ch of generateReferralCode()) seen.add(ch);
    expect([...seen].sort().join("")).toBe([...REFERRAL_ALPHABET].sort().join(""));
  });

  it("accepts any letter case and normalises to upper case", () => {
    expect(isReferralCode("abcd2345")).toBe(true);
    expect(normalizeReferralCode("abcd2345")).toBe("ABCD2345");
    expect(normalizeReferralCode("AbCd2345")).toBe("ABCD2345");
  });

  it.each([
    ["too short", "ABCD234"],
    ["too long", "ABCD23456"],
    ["contains 0", "ABCD2340"],
    ["contains 1", "ABCD2341"],
    ["contains O", "ABCDOOOO"],
    ["contains I", "ABCDIIII"],
    ["empty", ""],
    ["non-ASCII", "ÄBCD2345"],
    ["spaces", " ABCD234"],
    ["a German sharp s that upper-cases to two letters", "ßABCDEF"],
    ["a long s that upper-cases to S", "ſABCDEFG"],
  ])("rejects %s", (_, value) => {
    expect(isReferralCode(value)).toBe(false);
    expect(() => normalizeReferralCode(value)).toThrow(/not a referral code/);
  });

  it("round-trips: a code is accepted exactly when it is 8 alphabet symbols", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ minLength: 0, maxLength: 10 }),
          fc.string({
            unit: fc.constantFrom(..."23456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01ßſ"),
            minLength: 7,
            maxLength: 9,
          }),
        ),
        (s) => {
          const allowed = REFERRAL_ALPHABET + REFERRAL_ALPHABET.toLowerCase();
          const expected = s.length === 8 && [...s].every((c) => allowed.includes(c));
          expect(isReferralCode(s)).toBe(expected);
        },
      ),
    );
  });
});

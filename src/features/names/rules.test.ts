import { describe, expect, it } from "vitest";
import {
  chainOfCoinType,
  checkName,
  coinTypeOfChain,
  fullName,
  NAME_ERRORS,
  NAME_RULE_MESSAGES,
  nameSkeleton,
  stripZone,
} from "./rules";

const failure = (label: string) => {
  const r = checkName(label);
  return r.ok ? null : { rule: r.rule, message: r.message };
};

describe("checkName: the seed's rules (letters, digits, hyphens, at least 4) and the issue's", () => {
  it("accepts letters, digits and inner hyphens and folds case", () => {
    expect(checkName("alice")).toEqual({ ok: true, name: "alice" });
    expect(checkName("Alice-2026")).toEqual({ ok: true, name: "alice-2026" });
    expect(checkName("ABCD")).toEqual({ ok: true, name: "abcd" });
    expect(checkName("1234")).toEqual({ ok: true, name: "1234" });
    expect(checkName("a".repeat(32))).toEqual({ ok: true, name: "a".repeat(32) });
  });

  it("refuses an empty name", () => {
    expect(failure("")).toEqual({ rule: "required", message: "Enter a name." });
  });

  it("refuses names shorter than 4 characters", () => {
    expect(failure("bob")).toEqual({ rule: "short", message: "Names must be at least 4 characters." });
    expect(failure("a")).toMatchObject({ rule: "short" });
  });

  it("refuses names longer than 32 characters", () => {
    expect(failure("a".repeat(33))).toEqual({
      rule: "long",
      message: "Names must be at most 32 characters.",
    });
  });

  it("refuses anything but letters, digits and hyphens", () => {
    for (const bad of ["ali ce", "alice.aurum", "al_ice", "alice!", "al/ice", "alice\n"]) {
      expect(failure(bad)).toEqual({
        rule: "charset",
        message: "Names can only contain letters, digits and hyphens.",
      });
    }
  });

  it("refuses non-ASCII before folding (accents, Cyrillic look-alikes, the Kelvin sign, emoji)", () => {
    const message = "Names use plain ASCII only: no accents, emoji or letters from other alphabets.";
    for (const bad of ["alicé", "аlice" /* Cyrillic а */, "\u212Aelvin", "alice😀", "ａｌｉｃｅ"]) {
      expect(failure(bad)).toEqual({ rule: "ascii", message });
    }
  });

  it("refuses a leading or trailing hyphen", () => {
    const message = "Names cannot start or end with a hyphen.";
    expect(failure("-alice")).toEqual({ rule: "hyphen-edge", message });
    expect(failure("alice-")).toEqual({ rule: "hyphen-edge", message });
  });

  it("refuses two hyphens in a row (punycode xn-- names)", () => {
    expect(failure("xn--80ak6aa92e")).toEqual({
      rule: "hyphen-double",
      message: "Names cannot contain two hyphens in a row.",
    });
  });

  it("reports the first failing rule only, in the documented order", () => {
    expect(failure("é")).toMatchObject({ rule: "ascii" });
    expect(failure("a_")).toMatchObject({ rule: "charset" });
    expect(failure("-a")).toMatchObject({ rule: "short" });
    expect(Object.keys(NAME_RULE_MESSAGES)).toEqual([
      "required",
      "ascii",
      "charset",
      "short",
      "long",
      "hyphen-edge",
      "hyphen-double",
    ]);
  });
});

describe("nameSkeleton: look-alikes", () => {
  it("folds 0/o, 1/l/i, rn/m and vv/w", () => {
    expect(nameSkeleton("alice")).toBe(nameSkeleton("al1ce"));
    expect(nameSkeleton("alice")).toBe(nameSkeleton("allce"));
    expect(nameSkeleton("bob0")).toBe(nameSkeleton("bobo"));
    expect(nameSkeleton("modern")).toBe(nameSkeleton("rnodem"));
    expect(nameSkeleton("wave")).toBe(nameSkeleton("vvave"));
  });

  it("keeps names apart that read differently", () => {
    expect(nameSkeleton("alice")).not.toBe(nameSkeleton("alica"));
    expect(nameSkeleton("sam5")).not.toBe(nameSkeleton("sams"));
    expect(nameSkeleton("a-bcd")).not.toBe(nameSkeleton("abcd"));
  });
});

describe("coin type (ENSIP-11)", () => {
  it("is the chain id with the high bit set", () => {
    expect(coinTypeOfChain(1)).toBe(2147483649);
    expect(coinTypeOfChain(99199)).toBe(0x80000000 + 99199);
    expect(coinTypeOfChain(0)).toBe(2147483648);
    expect(coinTypeOfChain(2147483647)).toBe(4294967295);
  });

  it("refuses a chain id of 2147483648 or more with 'Invalid chainId'", () => {
    expect(() => coinTypeOfChain(2147483648)).toThrow("Invalid chainId");
    expect(() => coinTypeOfChain(2 ** 40)).toThrow("Invalid chainId");
    expect(() => coinTypeOfChain(-1)).toThrow("Invalid chainId");
    expect(() => coinTypeOfChain(1.5)).toThrow("Invalid chainId");
    expect(NAME_ERRORS.invalidChainId).toBe("Invalid chainId");
  });

  it("maps back to the chain id only for EVM coin types", () => {
    expect(chainOfCoinType(coinTypeOfChain(99199))).toBe(99199);
    expect(chainOfCoinType(60)).toBeNull();
    expect(chainOfCoinType(2 ** 32)).toBeNull();
  });
});

describe("the seed's messages and formatting", () => {
  it("has the four error texts", () => {
    expect(NAME_ERRORS.register("alice.aurum")).toBe("Error registering name alice.aurum");
    expect(NAME_ERRORS.resolve).toBe("Error resolving name");
    expect(NAME_ERRORS.suggestions).toBe("Error fetching name suggestions");
    expect(NAME_ERRORS.reverse).toBe("Error fetching names for address");
  });

  it("joins label and zone, and strips a typed zone", () => {
    expect(fullName("alice", "aurum")).toBe("alice.aurum");
    expect(stripZone("  Alice.AURUM ", "aurum")).toBe("Alice");
    expect(stripZone("alice.eth", "aurum")).toBe("alice.eth");
  });
});

import fc from "fast-check";
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
    expect(nameSkeleton("vvault")).not.toBe(nameSkeleton("vault"));
    expect(nameSkeleton("nnoon")).not.toBe(nameSkeleton("rnoon"));
  });

  it("gives every spelling of an overlapping run one skeleton (vvvault, wvault and vwault)", () => {
    for (const n of ["vvvault", "wvault", "vwault"]) expect(checkName(n).ok).toBe(true);
    expect(nameSkeleton("wvault")).toBe(nameSkeleton("vvvault"));
    expect(nameSkeleton("vwault")).toBe(nameSkeleton("vvvault"));
    const vvvv = new Set(["vvvv", "wvv", "vwv", "vvw", "ww"].map(nameSkeleton));
    expect([...vvvv]).toEqual(["vvvv"]);
    const rnrn = new Set(["rnrn", "mrn", "rnm", "mm"].map(nameSkeleton));
    expect([...rnrn]).toEqual(["rnrn"]);
  });
});

/**
 * What "reads alike" means: the smallest equivalence that contains these swaps of one spelling for
 * another, anywhere in a name. nameSkeleton must be constant on each class (look-alikes map equal)
 * and tell classes apart (a skeleton is itself a member of its name's class).
 */
const LOOK_ALIKE_SWAPS: readonly (readonly [string, string])[] = [
  ["0", "o"],
  ["1", "l"],
  ["i", "l"],
  ["1", "i"],
  ["rn", "m"],
  ["vv", "w"],
];

/** Every name one swap (either way, at any position) away from `s`. */
function oneSwapAway(s: string): string[] {
  const out: string[] = [];
  for (const [a, b] of LOOK_ALIKE_SWAPS) {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      for (let at = s.indexOf(from); at !== -1; at = s.indexOf(from, at + 1)) {
        out.push(s.slice(0, at) + to + s.slice(at + from.length));
      }
    }
  }
  return out;
}

/** All the spellings that read like `s` (finite: a swap never lengthens a skeleton). */
function readsLike(s: string): Set<string> {
  const seen = new Set([s]);
  const todo = [s];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    for (const t of oneSwapAway(next)) {
      if (!seen.has(t)) {
        seen.add(t);
        todo.push(t);
      }
    }
  }
  return seen;
}

/** Every string of up to `max` characters over `alphabet`. */
function allStrings(alphabet: readonly string[], max: number): string[] {
  const out = [""];
  for (let from = 0, len = 1; len <= max; len++) {
    const to = out.length;
    for (let k = from; k < to; k++) for (const c of alphabet) out.push(out[k] + c);
    from = to;
  }
  return out;
}

// The characters the swaps involve; generated names mix in some that none does.
const CONFUSABLE = ["r", "n", "m", "v", "w", "0", "o", "1", "l", "i"] as const;
const confusableName = fc
  .array(fc.constantFrom(...CONFUSABLE, "a", "u", "-", "s", "5"), { maxLength: 32 })
  .map((cs) => cs.join(""));

describe("nameSkeleton is canonical", () => {
  const short = allStrings(CONFUSABLE, 4);

  it("every string of up to 4 confusable characters: all its look-alikes share its skeleton, which is one of them", () => {
    expect(short).toHaveLength(1 + 10 + 10 ** 2 + 10 ** 3 + 10 ** 4);
    for (const s of short) {
      const alike = readsLike(s);
      const skeleton = nameSkeleton(s);
      expect(alike.has(skeleton), s).toBe(true);
      for (const t of alike) if (nameSkeleton(t) !== skeleton) expect([s, t]).toBe("one skeleton");
    }
  });

  it("so two strings of up to 4 confusable characters have one skeleton exactly when they read alike", () => {
    const bySkeleton = new Map<string, string[]>();
    for (const s of short) bySkeleton.set(nameSkeleton(s), [...(bySkeleton.get(nameSkeleton(s)) ?? []), s]);
    for (const [skeleton, group] of bySkeleton) {
      const alike = readsLike(skeleton);
      for (const s of group) if (!alike.has(s)) expect([skeleton, s]).toBe("read alike");
    }
  });

  it("is idempotent: a skeleton is its own skeleton", () => {
    for (const s of short) expect(nameSkeleton(nameSkeleton(s)), s).toBe(nameSkeleton(s));
    fc.assert(fc.property(confusableName, (s) => nameSkeleton(nameSkeleton(s)) === nameSkeleton(s)));
  });

  it("does not change under one look-alike swap anywhere in a longer name", () => {
    fc.assert(
      fc.property(confusableName, fc.nat(), (s, pick) => {
        const swaps = oneSwapAway(s);
        if (swaps.length === 0) return true;
        return nameSkeleton(swaps[pick % swaps.length] as string) === nameSkeleton(s);
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves no character in a skeleton that has a look-alike spelling of its own", () => {
    fc.assert(fc.property(confusableName, (s) => !/[mw01i]/.test(nameSkeleton(s))));
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

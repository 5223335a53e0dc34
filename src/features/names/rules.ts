// The naming rules (client-safe; the modal and the API check the same ones). The seed: "Name:
// letters, digits and hyphens, at least 4 characters"; the issue adds ASCII only, case folding, no
// leading/trailing hyphen and no look-alikes. docs/api.md ("Names") lists them with their messages.

export const NAME_MIN_LENGTH = 4;
/** A DNS label may be 63; names are shown in chips and table cells, so they are kept short. */
export const NAME_MAX_LENGTH = 32;

/** The seed's error texts (section 7), shown when the API gives no reason of its own. */
export const NAME_ERRORS = {
  register: (name: string) => `Error registering name ${name}`,
  resolve: "Error resolving name",
  suggestions: "Error fetching name suggestions",
  reverse: "Error fetching names for address",
  invalidChainId: "Invalid chainId",
} as const;

export type NameRule = "required" | "ascii" | "charset" | "short" | "long" | "hyphen-edge" | "hyphen-double";

/** One message per rule, in the order the rules are checked (the first failing one is reported). */
export const NAME_RULE_MESSAGES: Record<NameRule, string> = {
  required: "Enter a name.",
  ascii: "Names use plain ASCII only: no accents, emoji or letters from other alphabets.",
  charset: "Names can only contain letters, digits and hyphens.",
  short: `Names must be at least ${NAME_MIN_LENGTH} characters.`,
  long: `Names must be at most ${NAME_MAX_LENGTH} characters.`,
  "hyphen-edge": "Names cannot start or end with a hyphen.",
  // Two hyphens in a row would let `xn--…` (punycode) names through, which browsers show as other scripts.
  "hyphen-double": "Names cannot contain two hyphens in a row.",
};

export type NameCheck = { ok: true; name: string } | { ok: false; rule: NameRule; message: string };

/** The label typed by a user without the zone, trimmed (`Alice.aurum ` → `Alice`). */
export function stripZone(input: string, zone: string): string {
  const trimmed = input.trim();
  const suffix = `.${zone}`;
  return trimmed.toLowerCase().endsWith(suffix) ? trimmed.slice(0, -suffix.length) : trimmed;
}

/**
 * Checks a label and folds it to lower case. ASCII is checked BEFORE folding: Unicode case
 * mapping turns some non-ASCII letters into ASCII ones (the Kelvin sign `K` lower-cases to `k`).
 */
export function checkName(label: string): NameCheck {
  const fail = (rule: NameRule): NameCheck => ({ ok: false, rule, message: NAME_RULE_MESSAGES[rule] });
  if (label.length === 0) return fail("required");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (!/^[\x00-\x7f]*$/.test(label)) return fail("ascii");
  const name = label.toLowerCase();
  if (!/^[a-z0-9-]*$/.test(name)) return fail("charset");
  if (name.length < NAME_MIN_LENGTH) return fail("short");
  if (name.length > NAME_MAX_LENGTH) return fail("long");
  if (name.startsWith("-") || name.endsWith("-")) return fail("hyphen-edge");
  if (name.includes("--")) return fail("hyphen-double");
  return { ok: true, name };
}

/**
 * What each look-alike character stands for in a skeleton. Every fold EXPANDS one character into
 * the reading it shares with another spelling (`m` → `rn`, `w` → `vv`, `0` → `o`, `1`/`i` → `l`);
 * no value contains a key, so the order of the folds does not matter and a skeleton folds to itself.
 * migrations/0026_name_skeletons.sql computes the same mapping in SQL (keep the two in step).
 */
const SKELETON_FOLDS: Readonly<Record<string, string>> = { m: "rn", w: "vv", "0": "o", "1": "l", i: "l" };

/**
 * The look-alike key of a valid (folded) name. Two names with the same skeleton differ only by
 * ASCII characters that read alike in most fonts, so only one of them can be registered
 * (a unique index on the skeleton enforces it). Pairs: `0`/`o`; `1`/`l`/`i`; `rn`/`m`; `vv`/`w`.
 * `5`/`s` and `2`/`z` are not folded: they are distinct enough in the portal's font that treating
 * them as one would refuse too many honest names.
 *
 * It maps character by character (`m` → `rn`, `w` → `vv`, …) instead of shortening `vv` → `w` from
 * the left: shortening depends on where a run is cut (`vvvault` → `wvault` but `vwault` stayed
 * `vwault`, two skeletons for one reading). Expanding gives every spelling of a reading one
 * skeleton, and a skeleton is its own skeleton.
 */
export function nameSkeleton(name: string): string {
  return name.replace(/[mw01i]/g, (c) => SKELETON_FOLDS[c] ?? c);
}

/** `alice` + `aurum` → `alice.aurum`. */
export function fullName(label: string, zone: string): string {
  return `${label}.${zone}`;
}

const HIGH_BIT = 0x80000000;

/**
 * The seed's chain-to-coin-type rule (ENSIP-11): the chain id with the high bit set. A chain id of
 * 2^31 or more has no coin type: 'Invalid chainId'.
 */
export function coinTypeOfChain(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= HIGH_BIT) {
    throw new Error(NAME_ERRORS.invalidChainId);
  }
  return (chainId | HIGH_BIT) >>> 0;
}

/** The chain id of an EVM coin type, or null when it is not one (high bit clear, out of range). */
export function chainOfCoinType(coinType: number): number | null {
  if (!Number.isSafeInteger(coinType) || coinType < HIGH_BIT || coinType > 0xffffffff) return null;
  return coinType - HIGH_BIT;
}

import { config, zoneFromProductName } from "@/server/config";
import { NAME_MIN_LENGTH, nameSkeleton } from "../rules";

/**
 * Names nobody may register: the (admin, support, staff, the product name and zone) plus a
 * few more that would let someone pose as the operator, plus the operator's NAMES_DENY_LIST.
 * Matched on the look-alike skeleton, so `adm1n` is as reserved as `admin`.
 */
const BUILT_IN = [
  "admin",
  "administrator",
  "support",
  "staff",
  "moderator",
  "official",
  "team",
  "help",
  "root",
  "system",
  "security",
  "faucet",
] as const;

type Reserved = {
  key: string;
  skeletons: Set<string>;
  /** The brand's words (PRODUCT_NAME, then the zone), each as skeletons of its hyphen-separated parts. */
  brands: string[][];
};
let cached: Reserved | undefined;

function reserved(): Reserved {
  const c = config();
  const key = [c.PRODUCT_NAME, c.namesZone, ...c.NAMES_DENY_LIST].join(",");
  if (cached?.key === key) return cached;
  const product = c.PRODUCT_NAME.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const words = [...BUILT_IN, product, product.replace(/-/g, ""), c.namesZone, ...c.NAMES_DENY_LIST];
  const brands = [zoneFromProductName(c.PRODUCT_NAME), c.namesZone].map((b) =>
    b.split("-").map(nameSkeleton),
  );
  cached = { key, skeletons: new Set(words.map(nameSkeleton)), brands };
  return cached;
}

const reservedSkeletons = () => reserved().skeletons;

export function isReservedName(name: string): boolean {
  return reservedSkeletons().has(nameSkeleton(name));
}

/**
 * A hyphen-separated part as it may read: itself, then without its trailing digits one at a time
 * (`support12` → `support1`, `support`), each also without its leading digits one at a time
 * (`2admin` → `admin`). One at a time, not all at once: a `1` can be an `l`, so `officia1` is
 * `official` itself and `officia12` is `official2`. Skeletons, so `adm1n2` reads `admin`.
 */
function readingsOf(part: string): string[] {
  const out: string[] = [];
  for (let p = part; ; p = p.slice(0, -1)) {
    out.push(nameSkeleton(p));
    for (let q = p; /^[0-9]/.test(q) && q.length > 1; ) {
      q = q.slice(1);
      out.push(nameSkeleton(q));
    }
    if (!/[0-9]$/.test(p) || p.length <= 1) break;
  }
  return out;
}

/** Whether a part reads as a reserved word (readingsOf). */
function isReservedPart(part: string, skeletons: ReadonlySet<string>): boolean {
  return readingsOf(part).some((r) => skeletons.has(r));
}

/**
 * Whether a part is two reserved words run together (`aurumsupport`, `supportteam`, `admin2team`):
 * each reads as the operator as much as `aurum-support` does.
 */
function isTwoReservedWords(part: string, skeletons: ReadonlySet<string>): boolean {
  for (let i = 1; i < part.length; i++) {
    if (isReservedPart(part.slice(0, i), skeletons) && isReservedPart(part.slice(i), skeletons)) return true;
  }
  return false;
}

/** Whether `parts` (label parts) begin with the brand's parts, each part read as readingsOf reads it. */
function startsWithParts(parts: readonly string[], brand: readonly string[]): boolean {
  return (
    brand.length > 0 &&
    parts.length >= brand.length &&
    brand.every((b, i) => readingsOf(parts[i] ?? "").includes(b))
  );
}

/**
 * What registration refuses as `NAME_RESERVED`: a reserved name, a name with a hyphen-separated part
 * that is a reserved word (digits at either end removed, look-alikes folded: `admin2`, `2admin`,
 * `admin-team`, `aurum-support`, `support1`, `my-adm1n`) or two of them run together
 * (`aurumsupport`, `supportteam`), and a name that starts or ends with the brand
 * (PRODUCT_NAME or the zone, in lower case, also when it has several words: `aurum-portal-news`).
 * Exact skeleton matches let `admin2` or `aurum-support` through, which then showed as
 * `aurum-support.aurum` on leaderboards, the explorer and support, reading as the operator.
 * Whole parts only: `steamboat` (team), `helpful` (help) and `rooted` (root) stay allowed; the
 * portal's own suggestions avoid the wider `containsReservedName`.
 */
export function isBuiltOnReservedName(name: string): boolean {
  if (isReservedName(name)) return true;
  const { skeletons, brands } = reserved();
  const parts = name.split("-");
  if (parts.some((part) => isReservedPart(part, skeletons) || isTwoReservedWords(part, skeletons)))
    return true;
  const reversed = [...parts].reverse();
  return brands.some(
    (brand) => startsWithParts(parts, brand) || startsWithParts(reversed, [...brand].reverse()),
  );
}

/**
 * Whether a name is reserved or has a reserved word inside it, on skeletons (`my-adm1n` contains
 * `admin`). Only for what the portal OFFERS (suggestions), not for what it refuses (that is
 * isBuiltOnReservedName, whole parts only): refusing every name containing `team` or `help` would
 * refuse `steamboat`. Reserved words shorter than a name
 * (a one-letter product name) are matched exactly only, or they would rule out half the alphabet.
 */
export function containsReservedName(name: string): boolean {
  // Everything registration refuses, so a suggestion is never refused when clicked (a short reserved
  // word, which the substring test below skips, can still be a whole part: `x` in `alice-x`).
  if (isBuiltOnReservedName(name)) return true;
  const skeleton = nameSkeleton(name);
  for (const word of reservedSkeletons()) {
    if (word.length >= NAME_MIN_LENGTH ? skeleton.includes(word) : skeleton === word) return true;
  }
  return false;
}

import { config } from "@/server/config";
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

let cached: { key: string; skeletons: Set<string> } | undefined;

function reservedSkeletons(): Set<string> {
  const c = config();
  const key = [c.PRODUCT_NAME, c.namesZone, ...c.NAMES_DENY_LIST].join(",");
  if (cached?.key === key) return cached.skeletons;
  const product = c.PRODUCT_NAME.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const words = [...BUILT_IN, product, product.replace(/-/g, ""), c.namesZone, ...c.NAMES_DENY_LIST];
  cached = { key, skeletons: new Set(words.map(nameSkeleton)) };
  return cached.skeletons;
}

export function isReservedName(name: string): boolean {
  return reservedSkeletons().has(nameSkeleton(name));
}

/**
 * Whether a name is reserved or has a reserved word inside it, on skeletons (`my-adm1n` contains
 * `admin`). Only for what the portal OFFERS (suggestions), not for what it refuses: refusing every
 * name containing `team` or `help` would refuse `steamboat`. Reserved words shorter than a name
 * (a one-letter product name) are matched exactly only, or they would rule out half the alphabet.
 */
export function containsReservedName(name: string): boolean {
  const skeleton = nameSkeleton(name);
  for (const word of reservedSkeletons()) {
    if (word.length >= NAME_MIN_LENGTH ? skeleton.includes(word) : skeleton === word) return true;
  }
  return false;
}

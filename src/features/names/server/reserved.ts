import { config } from "@/server/config";
import { nameSkeleton } from "../rules";

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

import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accountNames } from "@/db/schema";
import { config } from "@/server/config";
import { checkName, fullName, NAME_MAX_LENGTH, nameSkeleton } from "../rules";
import { isReservedName } from "./reserved";

export const MAX_SUGGESTIONS = 5;

/** Candidate alternatives for a base name, most natural first (deterministic, so tests can pin them). */
export function candidateNames(base: string, zone: string, year = new Date().getUTCFullYear()): string[] {
  const around = (prefix: string, suffix: string) =>
    `${prefix}${base.slice(0, NAME_MAX_LENGTH - prefix.length - suffix.length)}${suffix}`.replace(/-+$/, "");
  const yy = String(year % 100).padStart(2, "0");
  return [
    around("", "2"),
    around("", "3"),
    around("", `-${zone}`),
    around("", yy),
    around("the-", ""),
    around("", "-x"),
    around("", "7"),
    around("", "42"),
    around("real-", ""),
    around("", "-dev"),
    around("", "99"),
    around("", "-hq"),
  ];
}

/** Which of these (valid, folded) names are free: not reserved and no look-alike registered. */
export async function freeNames(db: Db, names: readonly string[]): Promise<string[]> {
  const seen = new Set<string>();
  const candidates: { name: string; skeleton: string }[] = [];
  for (const n of names) {
    const check = checkName(n);
    if (!check.ok || isReservedName(check.name)) continue;
    const skeleton = nameSkeleton(check.name);
    if (seen.has(skeleton)) continue;
    seen.add(skeleton);
    candidates.push({ name: check.name, skeleton });
  }
  if (candidates.length === 0) return [];
  const taken = new Set(
    (
      await db
        .select({ skeleton: accountNames.skeleton })
        .from(accountNames)
        .where(
          inArray(
            accountNames.skeleton,
            candidates.map((c) => c.skeleton),
          ),
        )
    ).map((r) => r.skeleton),
  );
  return candidates.filter((c) => !taken.has(c.skeleton)).map((c) => c.name);
}

/** Up to five free alternatives to a name, as full names (`alice2.aurum`). */
export async function suggestNames(db: Db, label: string): Promise<string[]> {
  const zone = config().namesZone;
  const free = await freeNames(db, candidateNames(label, zone));
  return free.slice(0, MAX_SUGGESTIONS).map((n) => fullName(n, zone));
}

import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accountNames } from "@/db/schema";
import { config } from "@/server/config";
import { checkName, fullName, NAME_MAX_LENGTH, nameSkeleton } from "../rules";
import { containsReservedName } from "./reserved";

export const MAX_SUGGESTIONS = 5;

/**
 * Candidate alternatives for a base name, most natural first (deterministic, so tests can pin them).
 * Only neutral suffixes: `the-alice`, `real-alice`, `alice-hq` and `alice-dev` read as the official
 * or genuine holder of the taken `alice`, so offering them one click away helped impersonation.
 * `alice-{zone}` is left out too: the zone is reserved, and freeNames drops names containing it.
 */
export function candidateNames(base: string, year = new Date().getUTCFullYear()): string[] {
  const withSuffix = (suffix: string) =>
    `${base.slice(0, NAME_MAX_LENGTH - suffix.length)}${suffix}`.replace(/-+$/, "");
  const yy = String(year % 100).padStart(2, "0");
  return ["2", "3", yy, "7", "-x", "8", "42", "99"].map(withSuffix);
}

/** Which of these (valid, folded) names are free: no reserved word inside and no look-alike registered. */
export async function freeNames(db: Db, names: readonly string[]): Promise<string[]> {
  const seen = new Set<string>();
  const candidates: { name: string; skeleton: string }[] = [];
  for (const n of names) {
    const check = checkName(n);
    // Not reserved, and not built on a reserved word either (`admin2`, `my-support`): a one-click
    // suggestion must never hand out a name that reads as the operator's.
    if (!check.ok || containsReservedName(check.name)) continue;
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
  const free = await freeNames(db, candidateNames(label));
  return free.slice(0, MAX_SUGGESTIONS).map((n) => fullName(n, zone));
}

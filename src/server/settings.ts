import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "@/db/client";
import { settings } from "@/db/schema";
import { processState } from "./process-state";

// Run-time settings (issue 14 "Settings"): a row in `settings`, written by the operator console
// (src/features/admin/server/settings.ts), overrides the environment default. Reads are cached for
// SETTINGS_TTL_MS per process, so a change reaches every web process within seconds without a
// restart, and hot paths (faucet claim, task verify) do not query on every request.

export const SETTINGS_TTL_MS = 5_000;
// Symbol.for: the cache is shared by every bundle, each with its own copy of this module.
const MISSING: unique symbol = Symbol.for("aurum.settings.missing");
// Process-wide: a console write (a route) must clear what the pages read (./process-state.ts).
const cache = processState(
  "settings",
  () => new LRUCache<string, { v: unknown } | typeof MISSING>({ max: 200, ttl: SETTINGS_TTL_MS }),
);

/** The setting's stored value, or `envDefault` when no operator has set it. */
export async function getSetting<T>(db: Db, key: string, envDefault: T): Promise<T> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit === MISSING ? envDefault : (hit.v as T);
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  cache.set(key, row ? { v: row.value } : MISSING);
  return row ? (row.value as T) : envDefault;
}

/** Forgets cached values (after a write in this process; other processes catch up within the TTL). */
export function forgetSettings(keys?: string[]): void {
  if (!keys) cache.clear();
  else for (const k of keys) cache.delete(k);
}

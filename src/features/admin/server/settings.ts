import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "@/db/client";
import { settings } from "@/db/schema";
import { recordAudit } from "@/server/audit";
import { SETTING_SCHEMAS, type SettingKey, type SettingValue } from "../settings-schema";

// Run-time settings (issue 14 "Settings"): a row in `settings` overrides the environment default.
// Reads are cached for a few seconds per process, so a change reaches every web process within
// SETTINGS_TTL_MS without a restart and hot paths (faucet claim) do not query on every request.

export const SETTINGS_TTL_MS = 5_000;
const MISSING = Symbol("missing");
const cache = new LRUCache<string, { v: unknown } | typeof MISSING>({ max: 200, ttl: SETTINGS_TTL_MS });

/** The setting's value from the database, or `envDefault` when no operator has set it. */
export async function getSetting<T>(db: Db, key: string, envDefault: T): Promise<T> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit === MISSING ? envDefault : (hit.v as T);
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  cache.set(key, row ? { v: row.value } : MISSING);
  return row ? (row.value as T) : envDefault;
}

/** Every stored setting (the console's settings screen). */
export async function listSettings(db: Db) {
  return db.select().from(settings).orderBy(settings.key);
}

/** Validates and stores settings, each with an audit entry, in one transaction. */
export async function updateSettings(
  db: Db,
  actor: string,
  changes: Partial<{ [K in SettingKey]: SettingValue<K> | null }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(changes)) {
      if (!(key in SETTING_SCHEMAS) || value === undefined) continue;
      const [prior] = await tx.select().from(settings).where(eq(settings.key, key));
      if (value === null) {
        await tx.delete(settings).where(eq(settings.key, key));
      } else {
        await tx
          .insert(settings)
          .values({ key, value, updatedBy: actor.toLowerCase() })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value, updatedBy: actor.toLowerCase(), updatedAt: new Date() },
          });
      }
      await recordAudit(tx as unknown as Db, {
        actor,
        action: "settings.update",
        target: `setting:${key}`,
        before: prior?.value ?? null,
        after: value,
      });
    }
  });
  for (const key of Object.keys(changes)) cache.delete(key);
}

/** For tests: forget cached values. */
export function clearSettingsCache() {
  cache.clear();
}

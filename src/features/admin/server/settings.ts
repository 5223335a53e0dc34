import { isDeepStrictEqual } from "node:util";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { settings } from "@/db/schema";
import { recordAudit } from "@/server/audit";
import { forgetSettings } from "@/server/settings";
import { SETTING_SCHEMAS, type SettingKey, type SettingValue } from "../settings-schema";

// Writes of run-time settings from the console; reads are `getSetting` in src/server/settings.ts.

export { getSetting } from "@/server/settings";

/** Every stored setting (the console's settings screen). */
export async function listSettings(db: Db) {
  return db.select().from(settings).orderBy(settings.key);
}

/**
 * Validates and stores settings, each with an audit entry, in one transaction. A key whose value
 * stays as it is (a reset of a key that is not stored, the stored value saved again) is neither
 * written nor logged: a request that changes nothing adds no entry (docs/api.md, "Operator console").
 */
export async function updateSettings(
  db: Db,
  actor: string,
  changes: Partial<{ [K in SettingKey]: SettingValue<K> | null }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(changes)) {
      if (!(key in SETTING_SCHEMAS) || value === undefined) continue;
      const [prior] = await tx.select().from(settings).where(eq(settings.key, key));
      // Deep and key-order blind: jsonb hands objects (the tiers) back with their keys reordered.
      if (isDeepStrictEqual(prior?.value ?? null, value)) continue;
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
  forgetSettings(Object.keys(changes));
}

/** For tests: forget cached values. */
export const clearSettingsCache = () => forgetSettings();

import type { DbHandle } from "../src/db/client";
import { migrate, readMigrations } from "../src/db/migrate";
import { emptyTestDb } from "./db";

export type DbBeforeMigration = DbHandle & {
  /** Applies the migration under test (that one only); answers the names `migrate` applied. */
  applyMigration: () => Promise<string[]>;
};

/**
 * For a migration's test: a fresh database (test/db.ts: PostgreSQL with TEST_DATABASE_URL, else an
 * in-memory PGlite) migrated up to but not including `name`, where the test writes rows in the shape
 * they had before it, then `applyMigration()`. Throws when no committed migration is named `name`
 * (a renamed file must fail its test, not migrate everything or nothing). Close it like `testDb()`'s.
 */
export async function dbBeforeMigration(name: string): Promise<DbBeforeMigration> {
  const files = readMigrations();
  const file = files.find((f) => f.name === name);
  if (!file) throw new Error(`no migration named ${name} in src/db/migrations`);
  const handle = await emptyTestDb();
  try {
    await migrate(
      handle,
      files.filter((f) => f.name < name),
    );
  } catch (err) {
    await handle.close();
    throw err;
  }
  return { ...handle, applyMigration: () => migrate(handle, [file]) };
}

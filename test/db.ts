import fs from "node:fs";
import { inject } from "vitest";
import { type DbHandle, openDb, setDbHandleForTests } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { scratchDatabase } from "./scratch-db";

/**
 * A fresh, migrated database for one test file: PostgreSQL when TEST_DATABASE_URL is set
 * (a new database per call, dropped on close), otherwise an in-memory PGlite.
 * `npm test` runs the integration suite once for each.
 */
export async function testDb(opts: { global?: boolean } = {}): Promise<DbHandle> {
  // The run's migrated copy (test/pglite-template.ts); a file run outside that setup starts empty.
  const template = templateFile();
  const handle = await newDb(template ? new Blob([fs.readFileSync(template)]) : undefined);
  await migrate(handle);
  if (opts.global !== false) setDbHandleForTests(handle);
  return handle;
}

/**
 * True in the PostgreSQL pass of the suite (TEST_DATABASE_URL). A file that uses no database, or
 * only PGlite's own, skips that pass (`describe.skipIf(postgresPass)`): it would run the same thing
 * again.
 */
export const postgresPass = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh database with no migration applied (a migration's test: test/migration.ts), on the same
 * server as `testDb()`: a new PostgreSQL database (TEST_DATABASE_URL) or an empty in-memory PGlite.
 */
export function emptyTestDb(): Promise<DbHandle> {
  return newDb(undefined);
}

async function newDb(pgliteFrom: Blob | undefined): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDb({ memory: true, from: pgliteFrom });
  const scratch = await scratchDatabase(base, "aurum_t");
  const inner = await openDb({ databaseUrl: scratch.url });
  return {
    ...inner,
    close: async () => {
      await inner.close();
      await scratch.drop();
    },
  };
}

function templateFile(): string | undefined {
  try {
    return inject("pgliteTemplate");
  } catch {
    return undefined; // not inside a vitest worker (a child process of a test)
  }
}

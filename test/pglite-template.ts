import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDb } from "../src/db/client";
import { migrate } from "../src/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (`dumpDataDir` tarball) that `testDb()` starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest global setup of the integration project: migrates one in-memory PGlite and writes its data
 * directory to a file, once per run. Each test file's `testDb()` loads that file (~0.4 s) instead of
 * running initdb and every migration itself (~1.9 s), about 80 s of a PGlite pass's test time.
 * On PostgreSQL (TEST_DATABASE_URL) a fresh database is cheap (~0.2 s) and nothing is prepared.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  const handle = await openDb({ memory: true });
  try {
    await migrate(handle);
    // drizzle keeps the driver's client as `$client`.
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

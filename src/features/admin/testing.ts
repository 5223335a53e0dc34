// Test helpers of the operator console, for tests only (docs/ARCHITECTURE.md, "Feature entries").
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Address } from "viem";
import { beforeEach } from "vitest";
import type { Db } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { configureForTests } from "@/features/support/testing";
import { openTestApp, type TestApp } from "../../../test/app-env";
import { testDb } from "../../../test/db";
import { suiteValue } from "../../../test/suite-value";

/** A console test file's app (test/app-env.ts `openTestApp(name)`) and a signed-in admin of it. */
export async function openAdminApp(
  name: string,
  address: Address,
): Promise<{ app: TestApp; admin: TestSession }> {
  const app = await openTestApp(name);
  const admin = await createTestSession(address);
  await app.handle.db
    .insert(staffRoles)
    .values([{ address: admin.user.address.toLowerCase(), role: "admin", grantedBy: "test" }]);
  return { app, admin };
}

/**
 * A console test file's database (test/db.ts, opened before its tests and closed after them) with
 * the settings the services read (`configureForTests`); `emptied` tables are emptied, in that order,
 * before each test. Its `db` is the database once the file's `beforeAll` has run.
 */
export function consoleTestDb(...emptied: PgTable[]): { readonly db: Db } {
  const handle = suiteValue(
    "consoleTestDb",
    async () => {
      const h = await testDb();
      configureForTests();
      return h;
    },
    (h) => h.close(),
  );
  beforeEach(async () => {
    for (const table of emptied) await handle().db.delete(table);
  });
  return {
    get db() {
      return handle().db;
    },
  };
}

/** Runs `fn` while every audit entry of `action` fails to insert (as a full disk or a bug would). */
export async function withAuditRefused<T>(db: Db, action: string, fn: () => Promise<T>): Promise<T> {
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit entry refused (test)'; END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action = '${action}') EXECUTE FUNCTION test_refuse_audit()`),
  );
  try {
    return await fn();
  } finally {
    await db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_log`);
  }
}

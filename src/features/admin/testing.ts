// Test helpers of the operator console, for tests only (docs/ARCHITECTURE.md, "Feature entries").
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Address } from "viem";
import { beforeEach } from "vitest";
import type { Db } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { apiRequest, configureForTests, params } from "@/features/support/testing";
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

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type RouteAnswer = {
  status: number;
  json: { error?: { code: string; message: string } } & Record<string, unknown>;
};

/**
 * Calls a route handler as `session`'s browser would (`apiRequest`: same origin on writes, JSON
 * body, the session cookie). `routeParams` are the route's dynamic segments.
 */
export function callAs(session: () => TestSession) {
  return async (
    handler: unknown,
    method: string,
    path: string,
    body?: unknown,
    routeParams: Record<string, string> = {},
  ): Promise<RouteAnswer> => {
    const req = apiRequest(path, { method, body, headers: { cookie: session().cookieHeader } });
    const res = await (handler as Handler)(req, params(routeParams));
    return { status: res.status, json: await res.json() };
  };
}

/** Every field of a check-in task, as the console's task form sends it on save. */
export const wholeTaskForm = (fields: {
  title: string;
  description: string;
  startsAt?: string;
  sortOrder?: number;
}) => ({
  type: "daily_checkin",
  params: {},
  points: 10,
  repeat: "once",
  hint: null,
  startsAt: null,
  endsAt: null,
  sortOrder: 0,
  ...fields,
});

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

import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../../test/db";
import type { DbHandle } from "./client";
import * as schema from "./schema";

/**
 * Drift test: the hand-written SQL migrations and the drizzle TypeScript schema must describe the
 * same database. Both directions are checked: a table or column only in one of them fails.
 */

type Shape = Map<string, Map<string, { nullable: boolean; type: string }>>;

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb({ global: false });
});
afterAll(() => handle?.close());

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

/** Drizzle's SQL type spelled the way information_schema spells it. */
function normalizeType(type: string): string {
  const t = type.toLowerCase().trim();
  const isArray = t.endsWith("[]");
  const base = t
    .replace(/\[\]$/, "")
    .replace(/\(.*\)/, "")
    .trim();
  const aliases: Record<string, string> = {
    varchar: "character varying",
    char: "character",
    timestamp: "timestamp without time zone",
    timestamptz: "timestamp with time zone",
    serial: "integer",
    bigserial: "bigint",
    smallserial: "smallint",
    int: "integer",
    int4: "integer",
    int8: "bigint",
    bool: "boolean",
    decimal: "numeric",
    float8: "double precision",
    float4: "real",
    time: "time without time zone",
  };
  const name = aliases[base] ?? base;
  return isArray ? `${name}[]` : name;
}

function drizzleShape(): Shape {
  const shape: Shape = new Map();
  for (const table of tables) {
    const cfg = getTableConfig(table);
    shape.set(
      cfg.name,
      new Map(
        cfg.columns.map((c) => [c.name, { nullable: !c.notNull, type: normalizeType(c.getSQLType()) }]),
      ),
    );
  }
  return shape;
}

// Map short udt names of array elements back to information_schema's long data type names.
const UDT_LONG: Record<string, string> = {
  int4: "integer",
  int8: "bigint",
  int2: "smallint",
  bool: "boolean",
  varchar: "character varying",
  timestamptz: "timestamp with time zone",
  timestamp: "timestamp without time zone",
  float8: "double precision",
  float4: "real",
};

async function databaseShape(): Promise<Shape> {
  const result = await handle.db.execute(sql`
    SELECT c.table_name, c.column_name, c.is_nullable, c.data_type, c.udt_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> '_migrations'
    ORDER BY c.table_name, c.ordinal_position`);
  const shape: Shape = new Map();
  for (const r of rows<{
    table_name: string;
    column_name: string;
    is_nullable: string;
    data_type: string;
    udt_name: string;
  }>(result)) {
    let type = r.data_type;
    if (type === "ARRAY") {
      const element = r.udt_name.replace(/^_/, "");
      type = `${UDT_LONG[element] ?? element}[]`;
    } else if (type === "USER-DEFINED") type = r.udt_name;
    if (!shape.has(r.table_name)) shape.set(r.table_name, new Map());
    shape.get(r.table_name)!.set(r.column_name, { nullable: r.is_nullable === "YES", type });
  }
  return shape;
}

const plain = (s: Shape) =>
  Object.fromEntries([...s].sort().map(([t, cols]) => [t, Object.fromEntries([...cols].sort())]));

describe("drizzle schema ↔ SQL migrations", () => {
  it("has the same tables on both sides", async () => {
    const db = await databaseShape();
    expect([...drizzleShape().keys()].sort()).toEqual([...db.keys()].sort());
  });

  it("has the same columns, types and nullability in every table", async () => {
    expect(plain(drizzleShape())).toEqual(plain(await databaseShape()));
  });

  it("creates every named index, unique, foreign key and check constraint the drizzle schema declares", async () => {
    const indexes = new Set(
      rows<{ indexname: string }>(
        await handle.db.execute(sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`),
      ).map((r) => r.indexname),
    );
    const constraints = new Set(
      rows<{ conname: string }>(
        await handle.db.execute(sql`
          SELECT con.conname FROM pg_constraint con
          JOIN pg_namespace n ON n.oid = con.connamespace WHERE n.nspname = 'public'`),
      ).map((r) => r.conname),
    );
    const missing: string[] = [];
    for (const table of tables) {
      const cfg = getTableConfig(table);
      for (const idx of cfg.indexes) {
        if (idx.config.name && !indexes.has(idx.config.name)) missing.push(`index ${idx.config.name}`);
      }
      for (const u of cfg.uniqueConstraints) {
        const name = u.getName();
        if (name && !constraints.has(name)) missing.push(`unique ${name}`);
      }
      for (const fk of cfg.foreignKeys)
        if (!constraints.has(fk.getName())) missing.push(`foreign key ${fk.getName()}`);
      for (const ck of cfg.checks) {
        if (ck.name && !constraints.has(ck.name)) missing.push(`check ${ck.name}`);
      }
      // An unnamed composite primary key may carry any name in SQL; only explicit names are compared.
      for (const pk of cfg.primaryKeys) {
        if (pk.name && !constraints.has(pk.name)) missing.push(`primary key ${pk.name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

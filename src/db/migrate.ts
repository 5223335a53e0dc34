import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DbHandle } from "./client";

export const MIGRATIONS_DIR = path.join(process.cwd(), "src", "db", "migrations");

// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_KEY = 99199_0001;

export type MigrationFile = { name: string; sql: string; checksum: string };

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(dir, name), "utf8");
      return { name, sql: text, checksum: createHash("sha256").update(text).digest("hex") };
    });
}

/**
 * Applies the committed SQL migrations in file-name order, each in its own transaction, once.
 * Several processes may start together on PostgreSQL: an advisory lock serialises them.
 * An applied migration whose file later changed stops start-up: history must not be rewritten.
 */
export async function migrate(handle: DbHandle, files = readMigrations()): Promise<string[]> {
  const { db } = handle;
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    if (handle.kind === "postgres")
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    // Under the lock: two first starts creating it at once can both fail on PostgreSQL's catalog
    // ("duplicate key value violates unique constraint pg_type_typname_nsp_index").
    await tx.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS _migrations (
        name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`),
    );
    const rows = await tx.execute<{ name: string; checksum: string }>(
      sql`SELECT name, checksum FROM _migrations`,
    );
    const done = new Map(
      (rows as unknown as { rows: { name: string; checksum: string }[] }).rows.map((r) => [
        r.name,
        r.checksum,
      ]),
    );
    for (const file of files) {
      const prior = done.get(file.name);
      if (prior) {
        if (prior !== file.checksum) {
          throw new Error(
            `migration ${file.name} was changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      for (const statement of splitStatements(file.sql)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO _migrations (name, checksum) VALUES (${file.name}, ${file.checksum})`);
      applied.push(file.name);
    }
  });
  return applied;
}

/** Splits a migration on the `--> statement-breakpoint` markers or, without them, on semicolons at line ends. */
export function splitStatements(text: string): string[] {
  const parts = text.includes("--> statement-breakpoint")
    ? text.split("--> statement-breakpoint")
    : text.split(/;\s*$/m);
  return parts.map((s) => s.trim()).filter((s) => s.length > 0 && !/^(--[^\n]*\n?)+$/.test(s));
}

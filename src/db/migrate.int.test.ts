import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDatabase } from "../../test/scratch-db";
import { type DbHandle, openDb } from "./client";
import { migrate, readMigrations, splitStatements } from "./migrate";

const handles: DbHandle[] = [];
afterEach(async () => {
  while (handles.length) await handles.pop()!.close();
});

function tempMigrations(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-mig-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

async function memoryDb() {
  const h = await openDb({ memory: true });
  handles.push(h);
  return h;
}

describe("migrate", () => {
  it("applies every committed migration once, in order", async () => {
    const h = await memoryDb();
    const first = await migrate(h);
    expect(first).toEqual(readMigrations().map((m) => m.name));
    expect(await migrate(h)).toEqual([]);
  });

  it("refuses a migration edited after it was applied", async () => {
    const h = await memoryDb();
    const dir = tempMigrations({ "0001_a.sql": "CREATE TABLE a (id int);" });
    await migrate(h, readMigrations(dir));
    fs.writeFileSync(path.join(dir, "0001_a.sql"), "CREATE TABLE a (id bigint);");
    await expect(migrate(h, readMigrations(dir))).rejects.toThrow(/was changed after it was applied/);
  });

  it("rolls back a failing migration entirely", async () => {
    const h = await memoryDb();
    const dir = tempMigrations({ "0001_a.sql": "CREATE TABLE a (id int);\nINSERT INTO nope VALUES (1);\n" });
    await expect(migrate(h, readMigrations(dir))).rejects.toThrow();
    const rows = await h.db.execute(sql`SELECT to_regclass('public.a') AS t`);
    expect((rows as unknown as { rows: { t: string | null }[] }).rows[0]?.t).toBeNull();
  });

  it("survives a restart with data kept on disk (PGlite DATA_DIR)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-pgl-"));
    const dir = tempMigrations({ "0001_a.sql": "CREATE TABLE a (id int);" });
    const one = await openDb({ dataDir });
    await migrate(one, readMigrations(dir));
    await one.exec("INSERT INTO a VALUES (7)");
    await one.close();
    const two = await openDb({ dataDir });
    handles.push(two);
    expect(await migrate(two, readMigrations(dir))).toEqual([]);
    const rows = await two.db.execute(sql`SELECT id FROM a`);
    expect((rows as unknown as { rows: { id: number }[] }).rows).toEqual([{ id: 7 }]);
  });
});

/**
 * Scaled out, the worker and every web process migrate at start (scripts/worker.ts,
 * scripts/serve.ts): on an empty PostgreSQL database they all start at once.
 */
it.runIf(process.env.TEST_DATABASE_URL)(
  "four processes' first start at once on an empty PostgreSQL database: each migration applied once",
  async () => {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL as string, "aurum_mig");
    try {
      // One pool each, as separate processes have.
      const starts = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const h = await openDb({ databaseUrl: scratch.url });
          try {
            return await migrate(h);
          } finally {
            await h.close();
          }
        }),
      );
      const all = readMigrations().map((m) => m.name);
      expect(starts.filter((a) => a.length > 0)).toEqual([all]);
      expect(starts.filter((a) => a.length === 0)).toHaveLength(3);
    } finally {
      await scratch.drop();
    }
  },
);

describe("splitStatements", () => {
  it("splits on breakpoints or line-ending semicolons and drops comment-only parts", () => {
    expect(splitStatements("CREATE TABLE a (x int);\n-- note\nCREATE INDEX i ON a (x);\n")).toEqual([
      "CREATE TABLE a (x int)",
      "-- note\nCREATE INDEX i ON a (x)",
    ]);
    expect(splitStatements("A;\n--> statement-breakpoint\nB;")).toEqual(["A;", "B;"]);
  });
});

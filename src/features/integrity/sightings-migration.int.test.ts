import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/db/rows";
import { type DbBeforeMigration, dbBeforeMigration } from "../../../test/migration";

// Migration 0038: sign_in_events keeps one row per (address, client, subnet). The repeats written
// before it are deleted, the first sighting of each stays, and rows without a known client count as
// one sighting too (NULLS NOT DISTINCT).
const MIGRATION = "0038_sign_in_events_distinct.sql";
let h: DbBeforeMigration | undefined;
afterAll(() => h?.close());

describe(`migration ${MIGRATION}`, () => {
  it("keeps the first row of each sighting and refuses a repeat afterwards", async () => {
    h = await dbBeforeMigration(MIGRATION);
    const user = "00000000-0000-4000-8000-0000000000bb";
    const a = `0x${"b".repeat(40)}`;
    const b = `0x${"c".repeat(40)}`;
    await h.exec(`
      INSERT INTO users (id, address, referral_code) VALUES ('${user}', '${a}', 'r-b');
      INSERT INTO sign_in_events (id, user_id, address, ip, subnet) VALUES
        (1, '${user}', '${a}', '198.51.100.7', '198.51.100.0/24'),
        (2, '${user}', '${a}', '198.51.100.7', '198.51.100.0/24'),
        (3, '${user}', '${a}', NULL, NULL),
        (4, '${user}', '${a}', NULL, NULL),
        (5, '${user}', '${b}', '198.51.100.7', '198.51.100.0/24'),
        (6, '${user}', '${a}', '198.51.100.7', '198.51.100.0/24');
    `);
    expect(await h.applyMigration()).toEqual([MIGRATION]);
    const kept = rowsOf<{ id: string }>(
      await h.db.execute(sql`SELECT id::text FROM sign_in_events ORDER BY id`),
    );
    expect(kept.map((r) => r.id)).toEqual(["1", "3", "5"]);
    await expect(
      h.exec(
        `INSERT INTO sign_in_events (id, user_id, address, ip, subnet) VALUES (7, '${user}', '${a}', NULL, NULL)`,
      ),
    ).rejects.toThrow(/sign_in_events_sighting_key/);
  }, 120_000);
});

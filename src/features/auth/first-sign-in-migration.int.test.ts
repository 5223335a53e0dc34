import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DbBeforeMigration, dbBeforeMigration } from "../../../test/migration";

// Migration 0033 adds users.first_sign_in_at (NULL: a row the points import created for a wallet
// that never signed in). Rows already there keep counting as signed in, from their created time;
// a row inserted without the column (every sign-in path) is signed in now.
const MIGRATION = "0033_users_first_sign_in.sql";
let h: DbBeforeMigration | undefined;
afterAll(() => h?.close());

describe(`migration ${MIGRATION}`, () => {
  it("backfills existing users with their created time and defaults new rows to now", async () => {
    h = await dbBeforeMigration(MIGRATION);
    await h.exec(`
      INSERT INTO users (address, referral_code, created_at) VALUES
        ('0x${"a".repeat(40)}', 'r-a', '2025-03-01T10:00:00Z'),
        ('0x${"b".repeat(40)}', 'r-b', '2025-04-02T11:30:00Z');
    `);
    await h.applyMigration();
    await h.exec(`INSERT INTO users (address, referral_code) VALUES ('0x${"c".repeat(40)}', 'r-c')`);
    const result = await h.db.execute(
      sql`SELECT referral_code, first_sign_in_at = created_at AS same, first_sign_in_at IS NOT NULL AS set
        FROM users ORDER BY referral_code`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { referral_code: "r-a", same: true, set: true },
      { referral_code: "r-b", same: true, set: true },
      { referral_code: "r-c", same: true, set: true },
    ]);
    // Every earlier migration runs first, from an empty database: slow on a busy machine.
  }, 180_000);
});

import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DbBeforeMigration, dbBeforeMigration } from "../../../test/migration";
import { queryRows } from "./server/rows";

// Migration 0028 replaces the cooldown's fixed end (next_allowed_at) by the time of the last claim
// (claimed_at), from which the live cooldown is counted. Rows written before it must keep their
// addresses cooling down: a wrong backfill would either hand out a second drip or lock addresses out.
const MIGRATION = "0028_faucet_cooldown_claimed_at.sql";
let h: DbBeforeMigration | undefined;
afterAll(() => h?.close());

describe(`migration ${MIGRATION}`, () => {
  it("backfills claimed_at from each row's claim, or one default cooldown before its end", async () => {
    h = await dbBeforeMigration(MIGRATION);
    const a = `0x${"a".repeat(40)}`;
    const b = `0x${"b".repeat(40)}`;
    const claimId = "00000000-0000-4000-8000-000000000001";
    await h.exec(`
      INSERT INTO users (id, address, referral_code) VALUES ('00000000-0000-4000-8000-0000000000aa', '${a}', 'r-a');
      INSERT INTO faucet_claims (id, user_id, address, created_at)
        VALUES ('${claimId}', '00000000-0000-4000-8000-0000000000aa', '${a}', '2026-03-01T10:00:00Z');
      INSERT INTO faucet_cooldowns (address, next_allowed_at, claim_id)
        VALUES ('${a}', '2026-03-01T10:01:00Z', '${claimId}'),
               ('${b}', '2026-03-02T12:00:00Z', '00000000-0000-4000-8000-000000000002');
    `);
    expect(await h.applyMigration()).toEqual([MIGRATION]);
    const rows = await queryRows<{ address: string; claimed_at: string | Date }>(
      h.db,
      sql`SELECT address, claimed_at FROM faucet_cooldowns ORDER BY address`,
    );
    expect(rows.map((r) => [r.address, new Date(r.claimed_at).toISOString()])).toEqual([
      [a, "2026-03-01T10:00:00.000Z"],
      [b, "2026-03-01T12:00:00.000Z"],
    ]);
  }, 120_000);
});

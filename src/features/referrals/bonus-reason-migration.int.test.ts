import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DbBeforeMigration, dbBeforeMigration } from "../../../test/migration";
import { maskAddress } from "./maths";

// Migration 0030 rewrites referral bonus reasons written before the bonus used /friends' mask: the
// friend's address as 6 + 4 characters becomes the 4 + 4 of maskAddress; nothing else changes.
const MIGRATION = "0030_referral_bonus_reason_mask.sql";
let h: DbBeforeMigration | undefined;
afterAll(() => h?.close());

describe(`migration ${MIGRATION}`, () => {
  it("masks the friend in old referral bonus reasons as /friends does, and leaves other entries alone", async () => {
    h = await dbBeforeMigration(MIGRATION);
    const friend = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
    const user = "00000000-0000-4000-8000-0000000000aa";
    await h.exec(`
      INSERT INTO users (id, address, referral_code) VALUES ('${user}', '${`0x${"a".repeat(40)}`}', 'r-a');
      INSERT INTO points_ledger (user_id, points, reason, source, source_key) VALUES
        ('${user}', 5, 'Referral bonus: 0x7099…79c8 — Daily check-in', 'referral', 'referral:1'),
        ('${user}', 10, 'Quiz: 0x7099…79c8 — kept', 'task', 'task:1'),
        ('${user}', 7, 'Referral bonus: 0x70••••79c8 — Swap', 'referral', 'referral:2');
    `);
    await h.applyMigration();
    const result = await h.db.execute(sql`SELECT reason FROM points_ledger ORDER BY id`);
    const reasons = (result as unknown as { rows: { reason: string }[] }).rows;
    expect(reasons.map((r) => r.reason)).toEqual([
      `Referral bonus: ${maskAddress(friend)} — Daily check-in`,
      "Quiz: 0x7099…79c8 — kept",
      "Referral bonus: 0x70••••79c8 — Swap",
    ]);
  });
});

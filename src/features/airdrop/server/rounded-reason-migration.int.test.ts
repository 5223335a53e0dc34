import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DbBeforeMigration, dbBeforeMigration } from "../../../../test/migration";

// Migration 0034 lets airdrop_ineligible record `rounded_to_zero` (an eligible participant whose
// share floored to 0 base units); the rows already there keep their reasons, and others stay refused.
const MIGRATION = "0034_airdrop_rounded_reason.sql";
let h: DbBeforeMigration | undefined;
afterAll(() => h?.close());

describe(`migration ${MIGRATION}`, () => {
  it("accepts rounded_to_zero, keeps existing rows and still refuses unknown reasons", async () => {
    h = await dbBeforeMigration(MIGRATION);
    const round = "00000000-0000-4000-8000-0000000000a1";
    await h.exec(`
      INSERT INTO airdrop_rounds (id, name, token_mode, total_amount, snapshot_at, min_points, tier_multipliers, opens_at, deadline, created_by)
      VALUES ('${round}', 'r', 'deploy', 2, now(), 0, '{}', now(), now() + interval '1 day', '0xad');
      INSERT INTO airdrop_ineligible (round_id, address, points, reason) VALUES ('${round}', '0x01', 5, 'excluded');
    `);
    const insert = (address: string, reason: string) =>
      h!.db.execute(
        sql`INSERT INTO airdrop_ineligible (round_id, address, points, reason) VALUES (${round}, ${address}, 1, ${reason})`,
      );
    await expect(insert("0x02", "rounded_to_zero")).rejects.toThrow();
    await h.applyMigration();
    await insert("0x02", "rounded_to_zero");
    await expect(insert("0x03", "something_else")).rejects.toThrow();
    const result = await h.db.execute(sql`SELECT address, reason FROM airdrop_ineligible ORDER BY address`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { address: "0x01", reason: "excluded" },
      { address: "0x02", reason: "rounded_to_zero" },
    ]);
  });
});

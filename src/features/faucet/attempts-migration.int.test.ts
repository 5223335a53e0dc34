import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DbBeforeMigration, dbBeforeMigration } from "../../../test/migration";
import { queryRows } from "./server/rows";

// Migration 0031 adds the attempts of each faucet transaction. Settlement looks up the receipt of
// every attempt, so a transaction recorded before it (pending at the upgrade, perhaps for hours)
// must get its one signature as an attempt, with its age: otherwise it would have no attempts.
const MIGRATION = "0031_faucet_tx_attempts.sql";
let h: DbBeforeMigration | undefined;
afterAll(() => h?.close());

describe(`migration ${MIGRATION}`, () => {
  it("records every existing transaction's signature as its first attempt, keeping its time", async () => {
    h = await dbBeforeMigration(MIGRATION);
    const from = `0x${"f".repeat(40)}`;
    const hash = (c: string) => `0x${c.repeat(64)}`;
    await h.exec(`
      INSERT INTO faucet_txs (from_address, nonce, hash, raw, kind, asset, status, created_at) VALUES
        ('${from}', 1, '${hash("1")}', '0x01', 'disperse_native', 'native', 'confirmed', '2026-03-01T10:00:00Z'),
        ('${from}', 2, '${hash("2")}', '0x02', 'approve', 'tUSD', 'pending', '2026-03-01T11:00:00Z');
    `);
    expect(await h.applyMigration()).toEqual([MIGRATION]);
    const rows = await queryRows<{ nonce: number; hash: string; raw: string; created_at: string | Date }>(
      h.db,
      sql`SELECT t.nonce, a.hash, a.raw, a.created_at FROM faucet_tx_attempts a
          JOIN faucet_txs t ON t.id = a.tx_id ORDER BY t.nonce`,
    );
    expect(rows.map((r) => [Number(r.nonce), r.hash, r.raw, new Date(r.created_at).toISOString()])).toEqual([
      [1, hash("1"), "0x01", "2026-03-01T10:00:00.000Z"],
      [2, hash("2"), "0x02", "2026-03-01T11:00:00.000Z"],
    ]);
  }, 120_000);
});

import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { clientKey, subnetOf } from "@/server/client-ip";
import { type DbBeforeMigration, dbBeforeMigration } from "../../../test/migration";
import { queryRows } from "./server/rows";

// Migration 0036: faucet_claims.ip holds the per-client key (an IPv6 client's /64). IPv6 rows written
// before it must count against that /64 at once, or a host of one /64 gets a fresh budget for a window.
const MIGRATION = "0036_faucet_claims_ipv6_client_key.sql";
let h: DbBeforeMigration | undefined;
afterAll(() => h?.close());

describe(`migration ${MIGRATION}`, () => {
  it("rewrites IPv6 client addresses to their /64 key; IPv4, unknown and pre-subnet rows stay", async () => {
    h = await dbBeforeMigration(MIGRATION);
    const user = "00000000-0000-4000-8000-0000000000aa";
    const address = `0x${"a".repeat(40)}`;
    const rows: [string, string | null, string | null][] = [
      ["00000000-0000-4000-8000-000000000001", "2001:db8:0:7::1", subnetOf("2001:db8:0:7::1")],
      ["00000000-0000-4000-8000-000000000002", "2001:db8:0:7:ab::2", subnetOf("2001:db8:0:7:ab::2")],
      ["00000000-0000-4000-8000-000000000003", "198.51.100.7", subnetOf("198.51.100.7")],
      ["00000000-0000-4000-8000-000000000004", null, null],
      ["00000000-0000-4000-8000-000000000005", "2001:db8::9", null],
    ];
    const values = rows
      .map(([id, ip, subnet]) => {
        const text = (v: string | null) => (v === null ? "NULL" : `'${v}'`);
        return `('${id}', '${user}', '${address}', ${text(ip)}, ${text(subnet)})`;
      })
      .join(", ");
    await h.exec(`
      INSERT INTO users (id, address, referral_code) VALUES ('${user}', '${address}', 'r-a');
      INSERT INTO faucet_claims (id, user_id, address, ip, subnet) VALUES ${values};
    `);
    expect(await h.applyMigration()).toEqual([MIGRATION]);
    const after = await queryRows<{ id: string; ip: string | null }>(
      h.db,
      sql`SELECT id::text, ip FROM faucet_claims ORDER BY id`,
    );
    expect(after.map((r) => r.ip)).toEqual([
      clientKey("2001:db8:0:7::1"),
      clientKey("2001:db8:0:7:ab::2"),
      "198.51.100.7",
      null,
      "2001:db8::9",
    ]);
    expect(after[0]?.ip).toBe("2001:db8:0:7::/64");
  }, 120_000);
});

import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { importPoints } from "@/features/integrations/server";
import { balanceOf, creditPoints } from "@/features/points/server";
import { testDb } from "../../../test/db";
import { excludeParticipant, restoreParticipant } from "./server";
import { rows } from "./server/rows";

// An excluded participant "earns nothing" (docs/api.md, "Campaign integrity"; the /rewards notice:
// "you earn no points"). The quest-platform import (`POST /api/admin/points/import`, points earned on
// Zealy & co.) credits its rows as `adjustment`s, which the ledger lets through for excluded
// participants (an operator's own adjustment still applies): a bot farm excluded here kept
// collecting its Zealy points with every import. The import now skips excluded addresses.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const OPERATOR = "0x00000000000000000000000000000000000000aa";
const fresh = () => privateKeyToAccount(generatePrivateKey()).address;

describe("points import and exclusions", () => {
  it("credits nothing to an excluded participant", async () => {
    const p = await createTestSession(privateKeyToAccount(generatePrivateKey()).address, { db: handle.db });
    await excludeParticipant(handle.db, "0x00000000000000000000000000000000000000aa", {
      address: p.user.address,
      reasonCategory: "bot",
      reason: "Bot farm",
    });
    const report = await importPoints(
      handle.db,
      `address,points,reason,source_key\n${p.user.address},250,Zealy quest,zealy-q1-${p.user.id}\n`,
      "0x00000000000000000000000000000000000000aa",
    );
    expect(report.errors).toEqual([]);
    expect(await balanceOf(handle.db, p.user.id)).toBe(0);
  });

  it("skips only the excluded rows, counts them in the audit entry, and credits them after a restore", async () => {
    const bad = await createTestSession(fresh(), { db: handle.db });
    const good = await createTestSession(fresh(), { db: handle.db });
    // Never signed in, excluded from a published list: gets no row and no points.
    const listed = fresh();
    for (const address of [bad.user.address, listed]) {
      await excludeParticipant(handle.db, OPERATOR, { address, reasonCategory: "sybil", reason: "Farm" });
    }
    const csv = [
      "address,points,reason,source_key",
      `${bad.user.address},10,Zealy,zq-bad`,
      `${good.user.address},20,Zealy,zq-good`,
      `${listed.toLowerCase()},30,Zealy,zq-listed`,
      "0xnope,5,Zealy,zq-broken",
    ].join("\n");
    const report = await importPoints(handle.db, csv, OPERATOR);
    expect(report).toEqual({
      rows: 4,
      credited: 1,
      duplicates: 0,
      excluded: 2,
      errors: [{ line: 5, message: "Invalid address" }],
    });
    expect([await balanceOf(handle.db, bad.user.id), await balanceOf(handle.db, good.user.id)]).toEqual([
      0, 20,
    ]);
    const listedRows = rows(
      await handle.db.execute(sql`SELECT 1 FROM users WHERE address = ${listed.toLowerCase()}`),
    );
    expect(listedRows).toHaveLength(0);
    const [audit] = rows<{ after: Record<string, unknown> }>(
      await handle.db.execute(
        sql`SELECT after FROM audit_log WHERE action = 'points.import' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(audit?.after).toMatchObject({ credited: 1, duplicates: 0, excluded: 2, errors: 1 });

    await restoreParticipant(handle.db, OPERATOR, { address: bad.user.address, reason: "Appeal accepted" });
    const again = await importPoints(handle.db, csv, OPERATOR);
    expect([again.credited, again.duplicates]).toEqual([1, 1]);
    expect(await balanceOf(handle.db, bad.user.id)).toBe(10);
  });

  it("still lets an operator's console adjustment through for an excluded participant", async () => {
    const p = await createTestSession(fresh(), { db: handle.db });
    await excludeParticipant(handle.db, OPERATOR, {
      address: p.user.address,
      reasonCategory: "bot",
      reason: "Bot",
    });
    const r = await creditPoints(handle.db, {
      userId: p.user.id,
      points: 15,
      reason: "Operator correction",
      source: "adjustment",
      sourceKey: `admin:test:${p.user.id}`,
    });
    expect([r.credited, await balanceOf(handle.db, p.user.id)]).toEqual([true, 15]);
  });
});

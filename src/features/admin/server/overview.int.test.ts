import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { testDb } from "../../../../test/db";
import { overview } from "./overview";
import { overviewDirect } from "./overview-direct";
import { query } from "./sql";

// The rollup-based overview must equal the direct computation over the same data: closed days from
// console_daily, the grace day and today live, partial days at the range edges, a day whose faucet
// payment is still open. Runs on PGlite and (npm test) on PostgreSQL.

const at = (s: string) => new Date(s);
// "Now" is 5 minutes into March 10: March 9 is still in its grace period, so it must be live.
const NOW = at("2026-03-10T00:05:00.000Z");
const STAMPS = [
  "2026-03-01T00:00:00.000Z",
  "2026-03-02T23:59:59.999Z",
  "2026-03-03T00:00:00.000Z",
  "2026-03-03T12:00:00.000Z",
  "2026-03-05T06:30:00.000Z",
  "2026-03-07T05:59:59.999Z",
  "2026-03-07T06:00:00.000Z",
  "2026-03-09T23:59:59.999Z",
  "2026-03-10T00:00:00.000Z",
  "2026-03-10T00:04:00.000Z",
];

let h: DbHandle;

async function seed() {
  await h.db.execute(sql`
    INSERT INTO tasks (id, title, description, type, params, points, repeat)
    VALUES ('t-a', 'Task A', 'd', 'daily_checkin', '{}'::jsonb, 10, 'daily'),
           ('t-b', 'Task B', 'd', 'daily_checkin', '{}'::jsonb, 10, 'daily')`);
  for (const [i, stamp] of STAMPS.entries()) {
    const addr = `0x${(i + 1).toString(16).padStart(40, "0")}`;
    const u = await query<{ id: string }>(
      h.db,
      sql`INSERT INTO users (address, referral_code, created_at) VALUES (${addr}, ${`R${i}`}, ${stamp}) RETURNING id`,
    );
    const id = u[0]?.id as string;
    // Two sign-ins of the same user on the same day, one at the stamp of the next user.
    const next = STAMPS[(i + 1) % STAMPS.length] as string;
    await h.db.execute(sql`
      INSERT INTO sessions (id_hash, user_id, created_at, expires_at)
      VALUES (${`s${i}a`}, ${id}, ${stamp}, ${"2027-01-01T00:00:00Z"}),
             (${`s${i}b`}, ${id}, ${stamp}, ${"2027-01-01T00:00:00Z"}),
             (${`s${i}c`}, ${id}, ${next}, ${"2027-01-01T00:00:00Z"})`);
    // Task completions; the on-chain one of user i is at the stamp, an earlier one for even users.
    await h.db.execute(sql`
      INSERT INTO points_ledger (user_id, points, reason, source, source_key, task_id, onchain, created_at)
      VALUES (${id}, 10, 'Task', 'task', ${`k${i}a`}, ${i % 3 === 0 ? "t-b" : "t-a"}, true, ${stamp}),
             (${id}, 10, 'Task', 'task', ${`k${i}b`}, 't-a', false, ${next})`);
    if (i % 2 === 0)
      await h.db.execute(sql`
        INSERT INTO points_ledger (user_id, points, reason, source, source_key, task_id, onchain, created_at)
        VALUES (${id}, 10, 'Task', 'task', ${`k${i}c`}, 't-a', true, ${"2026-02-20T10:00:00Z"})`);
    const claim = await query<{ id: string }>(
      h.db,
      sql`INSERT INTO faucet_claims (id, user_id, address, status, created_at)
          VALUES (gen_random_uuid(), ${id}, ${addr}, 'confirmed', ${stamp}) RETURNING id`,
    );
    // The claim of March 5 still has a payment on its way: that day's outflow cannot be closed.
    const status = stamp.startsWith("2026-03-05") ? "sent" : i === 1 ? "failed" : "confirmed";
    await h.db.execute(sql`
      INSERT INTO faucet_payments (claim_id, asset, amount, status)
      VALUES (${claim[0]?.id}, 'native', ${String(10n ** 18n + BigInt(i))}, ${status}),
             (${claim[0]?.id}, 'tUSD', ${String(5n * 10n ** 18n)}, 'confirmed')`);
    await h.db.execute(sql`
      INSERT INTO analytics_events (name, client_id, path, created_at)
      VALUES ('PAGE_VIEW', ${`c${i}`}, '/', ${stamp}), ('PAGE_VIEW', ${`c${i}`}, '/', ${next}),
             ('WALLET_CONNECTED', ${`c${i % 4}`}, '/', ${stamp})`);
  }
}

const RANGES: [string, string][] = [
  ["2026-03-01T00:00:00.000Z", "2026-03-11T00:00:00.000Z"],
  ["2026-03-03T12:00:00.000Z", "2026-03-07T06:00:00.000Z"],
  ["2026-03-02T00:00:00.000Z", "2026-03-03T00:00:00.000Z"],
  ["2026-03-09T12:00:00.000Z", "2026-03-10T00:04:00.000Z"],
  ["2026-02-01T00:00:00.000Z", "2026-03-04T00:00:00.000Z"],
];

describe("overview from daily rollups", () => {
  beforeAll(async () => {
    h = await testDb();
    await seed();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("equals the direct computation for every range, on first fill and when read back", async () => {
    for (let pass = 0; pass < 2; pass++)
      for (const [from, to] of RANGES) {
        const range = { from: at(from), to: at(to) };
        expect(await overview(h.db, range, NOW), `${from} → ${to}, pass ${pass}`).toEqual(
          await overviewDirect(h.db, range),
        );
      }
    const stored = await query<{ metric: string; day: string }>(
      h.db,
      sql`SELECT metric, to_char(day, 'YYYY-MM-DD') AS day FROM console_daily_days ORDER BY 1, 2`,
    );
    const days = (m: string) => stored.filter((s) => s.metric === m).map((s) => s.day);
    // Closed days only: March 9 is in its grace period, March 10 is today.
    expect(days("sign_ins")).toContain("2026-03-08");
    expect(days("sign_ins")).not.toContain("2026-03-09");
    expect(days("sign_ins")).not.toContain("2026-03-10");
    // The outflow of March 5 waits for its open payment.
    expect(days("faucet_outflow")).not.toContain("2026-03-05");
    expect(days("faucet_outflow")).toContain("2026-03-04");
  });

  it("follows what changes after the fill: today's rows and a payment that completes", async () => {
    await h.db.execute(sql`UPDATE faucet_payments SET status = 'confirmed' WHERE status = 'sent'`);
    const u = await query<{ id: string }>(
      h.db,
      sql`INSERT INTO users (address, referral_code, created_at)
          VALUES ('0x00000000000000000000000000000000000000ff', 'Rff', ${"2026-03-10T00:01:00Z"}) RETURNING id`,
    );
    await h.db.execute(sql`
      INSERT INTO points_ledger (user_id, points, reason, source, source_key, task_id, onchain, created_at)
      VALUES (${u[0]?.id}, 10, 'Task', 'task', 'kff', 't-b', true, ${"2026-03-10T00:02:00Z"})`);
    for (const [from, to] of RANGES) {
      const range = { from: at(from), to: at(to) };
      expect(await overview(h.db, range, NOW), `${from} → ${to}`).toEqual(await overviewDirect(h.db, range));
    }
    // A day later every day up to March 10 is closed and stored; still the same answer.
    const later = at("2026-03-11T00:30:00Z");
    for (const [from, to] of RANGES) {
      const range = { from: at(from), to: at(to) };
      expect(await overview(h.db, range, later), `${from} → ${to}`).toEqual(
        await overviewDirect(h.db, range),
      );
    }
  });

  it("folds funnel actors that arrive after a fold (real clock), each actor counted once", async () => {
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const ranges = [
      { from: new Date(today - 2 * 86_400_000), to: new Date(today + 86_400_000) },
      { from: new Date(today - 86_400_000 + 3_600_000), to: new Date(Date.now() + 60_000) },
    ];
    for (const range of ranges)
      expect(await overview(h.db, range)).toEqual(await overviewDirect(h.db, range));
    await h.db.execute(sql`
      INSERT INTO analytics_events (name, client_id, path)
      VALUES ('PAGE_VIEW', 'c1', '/'), ('PAGE_VIEW', 'new-1', '/'), ('PAGE_VIEW', 'new-1', '/x'),
             ('WALLET_CONNECTED', 'new-1', '/')`);
    await h.db.execute(sql`
      INSERT INTO sessions (id_hash, user_id, expires_at)
      SELECT 'live-' || id, id, ${"2027-01-01T00:00:00Z"} FROM users LIMIT 3`);
    for (const range of ranges) {
      const got = await overview(h.db, range);
      expect(got).toEqual(await overviewDirect(h.db, range));
      expect(got.funnel.find((f) => f.step === "visit")?.count).toBeGreaterThanOrEqual(2);
    }
  });
});

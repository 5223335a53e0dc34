import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { analyticsEvents, auditLog, consoleEdits, tasks } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { balanceOf, creditPoints, ledgerSum } from "@/features/points/server";
import { upsertTasks } from "@/features/tasks/server";
import { ApiError } from "@/server/errors";
import { parseCsvRecords } from "../../../test/csv";
import { testDb } from "../../../test/db";
import {
  adjustPoints,
  createTask,
  exportCsv,
  getSetting,
  overview,
  recordEvents,
  searchParticipants,
  updateSettings,
  updateTask,
} from "./server";
import { clearSettingsCache } from "./server/settings";

let handle: DbHandle;
const ADMIN = "0x00000000000000000000000000000000000000a1";

beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as `0x${string}`;

async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof ApiError) return err.status;
    throw err;
  }
}

describe("points adjustment", () => {
  it("credits exactly once under 20 concurrent requests with one key, and never below zero", async () => {
    const { user } = await createTestSession(addr(0x1001));
    await creditPoints(handle.db, {
      userId: user.id,
      points: 50,
      reason: "seed",
      source: "task",
      sourceKey: `t:${user.id}`,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjustPoints(handle.db, ADMIN, user.address, { points: 25, reason: "bug bounty" }, "key-aaaaaaaa"),
      ),
    );
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(await balanceOf(handle.db, user.id)).toBe(75);
    expect(await ledgerSum(handle.db, user.id)).toBe(75);

    expect(
      await statusOf(
        adjustPoints(handle.db, ADMIN, user.address, { points: -100, reason: "too much" }, "key-bbbbbbbb"),
      ),
    ).toBe(409);
    expect(await balanceOf(handle.db, user.id)).toBe(75);
    // The same key for another change is a conflict, not a silent replay.
    expect(
      await statusOf(
        adjustPoints(handle.db, ADMIN, user.address, { points: 1, reason: "bug bounty" }, "key-aaaaaaaa"),
      ),
    ).toBe(409);
    const r = await adjustPoints(
      handle.db,
      ADMIN,
      user.address,
      { points: -75, reason: "reset" },
      "key-cccccccc",
    );
    expect(r.credited).toBe(true);
    expect(await balanceOf(handle.db, user.id)).toBe(0);
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(sql`action = 'points.adjust' AND target = ${user.address}`);
    expect(audits).toHaveLength(2);
  });

  it("answers 404 for an address that never signed in", async () => {
    expect(
      await statusOf(
        adjustPoints(handle.db, ADMIN, addr(0xdead), { points: 5, reason: "nope" }, "key-dddddddd"),
      ),
    ).toBe(404);
  });
});

describe("tasks in the console", () => {
  it("checks params per type, and the seeder no longer overwrites a console-edited task", async () => {
    const base = {
      title: "Swap",
      description: "Swap some",
      type: "swap" as const,
      points: 10,
      repeat: "once" as const,
      sortOrder: 0,
    };
    expect(
      await statusOf(createTask(handle.db, ADMIN, { ...base, id: "bad-swap", params: { token: "tUSD" } })),
    ).toBe(400);
    await upsertTasks(handle.db, [
      {
        id: "yaml-task",
        title: "From yaml",
        description: "d",
        type: "daily_checkin",
        params: {},
        points: 5,
        repeat: "daily",
        order: 0,
      },
    ]);
    await updateTask(handle.db, ADMIN, "yaml-task", { title: "Edited in console", points: 7 });
    await upsertTasks(handle.db, [
      {
        id: "yaml-task",
        title: "From yaml",
        description: "d",
        type: "daily_checkin",
        params: {},
        points: 5,
        repeat: "daily",
        order: 0,
      },
    ]);
    const [row] = await handle.db.select().from(tasks).where(sql`id = 'yaml-task'`);
    expect(row?.title).toBe("Edited in console");
    expect(row?.points).toBe(7);
    expect(await handle.db.select().from(consoleEdits)).toHaveLength(1);
    expect(await statusOf(updateTask(handle.db, ADMIN, "no-such-task", { points: 3 }))).toBe(404);
  });
});

describe("settings", () => {
  it("falls back to the environment default, then serves the stored value", async () => {
    clearSettingsCache();
    expect(await getSetting(handle.db, "faucet.cooldownSeconds", 86400)).toBe(86400);
    await updateSettings(handle.db, ADMIN, { "faucet.cooldownSeconds": 3600 });
    expect(await getSetting(handle.db, "faucet.cooldownSeconds", 86400)).toBe(3600);
    await updateSettings(handle.db, ADMIN, { "faucet.cooldownSeconds": null });
    expect(await getSetting(handle.db, "faucet.cooldownSeconds", 86400)).toBe(86400);
  });
});

describe("events and overview", () => {
  it("stores events without an IP, caps error reports at 5 a minute per client, and counts the funnel", async () => {
    const body = {
      clientId: "client-aaaaaaaa",
      events: [
        { name: "PAGE_VIEW" as const, path: "/" },
        ...Array.from({ length: 8 }, () => ({ name: "ERROR_REPORT" as const, props: { message: "boom" } })),
      ],
    };
    const r = await recordEvents(handle.db, body, null);
    expect(r.stored).toBe(6);
    const again = await recordEvents(
      handle.db,
      { clientId: "client-aaaaaaaa", events: [{ name: "ERROR_REPORT" }] },
      null,
    );
    expect(again.stored).toBe(0);
    const cols = Object.keys((await handle.db.select().from(analyticsEvents).limit(1))[0] ?? {});
    expect(cols.some((c) => /ip/i.test(c))).toBe(false);
    const o = await overview(handle.db, {
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 60_000),
    });
    expect(o.funnel[0]).toEqual({ step: "visit", count: 1 });
    expect(o.funnel.find((s) => s.step === "airdrop claim")?.count).toBeNull();
    expect(o.newParticipants.reduce((s, d) => s + d.count, 0)).toBeGreaterThanOrEqual(1);
  });
});

describe("participants and exports", () => {
  it("searches by address prefix and referral code", async () => {
    const { user } = await createTestSession(addr(0x2002));
    expect(
      (await searchParticipants(handle.db, { search: user.address.slice(0, 38) })).participants.map(
        (p) => p.address,
      ),
    ).toContain(user.address);
    expect((await searchParticipants(handle.db, { search: user.referralCode })).participants).toHaveLength(1);
  });

  it("streams a CSV of more rows than one page, parseable; allocations stream their header even with no round", async () => {
    await handle.db.execute(sql`
      INSERT INTO users (address, referral_code)
      SELECT '0x' || lpad(to_hex(1000000 + g), 40, '0'), 'C' || g FROM generate_series(1, 4500) g`);
    const stream = await exportCsv(handle.db, "participants", {
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 60_000),
    });
    const text = await new Response(stream).text();
    const rows = parseCsvRecords(text);
    expect(rows.length).toBeGreaterThanOrEqual(4500);
    expect(new Set(rows.map((r) => r.address)).size).toBe(rows.length);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      "address",
      "name",
      "referral_code",
      "referrer",
      "referrer_name",
      "points",
      "joined_at",
    ]);
    // The airdrop's table exists: an empty range streams just the header.
    const allocations = await new Response(
      await exportCsv(handle.db, "allocations", { from: new Date(0), to: new Date() }),
    ).text();
    expect(allocations.split("\n")[0]).toBe(
      "round_id,round,index,address,name,amount,points,tier,multiplier_bps,capped",
    );
  });

  it("puts each address's primary name in its own CSV column (issue 16)", async () => {
    const referrer = await createTestSession(addr(0x2001));
    const named = await createTestSession(addr(0x2002));
    await handle.db.execute(
      sql`UPDATE users SET referrer_id = ${referrer.user.id} WHERE id = ${named.user.id}`,
    );
    const plain = await createTestSession(addr(0x2003));
    for (const [label, u] of [
      ["csvreferrer", referrer.user],
      ["csvnamed", named.user],
    ] as const)
      await handle.db.execute(sql`
        INSERT INTO account_names (name, skeleton, address, user_id, coin_type, message, signature)
        VALUES (${label}, ${label}, ${u.address}, ${u.id}, 2147582847, 'test', '0x')`);
    await adjustPoints(
      handle.db,
      named.user.address,
      named.user.address,
      { points: 5, reason: "csv" },
      "csv-key-1",
    );
    await adjustPoints(handle.db, ADMIN, plain.user.address, { points: 5, reason: "csv" }, "csv-key-2");
    const range = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    const csv = async (kind: "participants" | "ledger" | "audit") =>
      parseCsvRecords(await new Response(await exportCsv(handle.db, kind, range)).text());
    const zone = (await import("@/server/config")).config().namesZone;

    const people = await csv("participants");
    const row = people.find((r) => r.address === named.user.address);
    expect(row?.name).toBe(`csvnamed.${zone}`);
    expect(row?.referrer).toBe(referrer.user.address);
    expect(row?.referrer_name).toBe(`csvreferrer.${zone}`);
    expect(people.find((r) => r.address === plain.user.address)?.name).toBe("");

    const ledger = await csv("ledger");
    expect(ledger.find((r) => r.address === named.user.address)?.name).toBe(`csvnamed.${zone}`);
    expect(ledger.find((r) => r.address === plain.user.address)?.name).toBe("");

    // The audit log's `name` is its actor's.
    const audit = await csv("audit");
    expect(audit.find((r) => r.actor === named.user.address)?.name).toBe(`csvnamed.${zone}`);
    expect(audit.find((r) => r.actor === ADMIN)?.name).toBe("");
  });
});

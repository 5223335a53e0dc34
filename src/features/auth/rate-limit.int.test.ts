import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { ApiError } from "@/server/errors";
import { testDb } from "../../../test/db";
import { awayFromWindowEdge } from "../../../test/rate-window";
import { rateLimit, SWEEP_EVERY_NEW_ROWS, storedKey } from "./server/rate-limit";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const rowsOfKey = (key: string) => handle.db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`);

describe("rateLimit", () => {
  // Calls that straddle a window boundary fall into two windows (a 50-call burst once passed
  // 10 + 10 in CI): each test starts well inside one.
  beforeEach(() => awayFromWindowEdge());

  it("allows `limit` requests per window, then throws 429 with Retry-After", async () => {
    for (let i = 1; i <= 3; i++) {
      const state = await rateLimit({ key: "t:basic", limit: 3, windowSeconds: 60 });
      expect(state.count).toBe(i);
      expect(state.remaining).toBe(3 - i);
    }
    const err = await rateLimit({ key: "t:basic", limit: 3, windowSeconds: 60 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const api = err as ApiError;
    expect(api.status).toBe(429);
    expect(api.code).toBe("RATE_LIMITED");
    const retry = Number(api.headers["Retry-After"]);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(api.message).toBe(`Please try again after ${retry} seconds`);
  });

  it("keeps keys apart", async () => {
    await rateLimit({ key: "t:a", limit: 1, windowSeconds: 60 });
    await expect(rateLimit({ key: "t:a", limit: 1, windowSeconds: 60 })).rejects.toMatchObject({
      status: 429,
    });
    await expect(rateLimit({ key: "t:b", limit: 1, windowSeconds: 60 })).resolves.toMatchObject({ count: 1 });
  });

  it("counts exactly under concurrency: 50 parallel calls, limit 10 → 10 pass", async () => {
    // A key of its own, so a retry does not find this attempt's count.
    const key = `t:burst:${crypto.randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => rateLimit({ key, limit: 10, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const rows = await rowsOfKey(storedKey(key, 60));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(50);
  });

  it("starts a new window after the old one and forgets old windows of the key", async () => {
    await rateLimit({ key: "t:window", limit: 1, windowSeconds: 60 });
    // Age the row by two windows instead of sleeping.
    await handle.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - interval '120 seconds'` })
      .where(sql`${rateLimits.key} = ${storedKey("t:window", 60)}`);
    await expect(rateLimit({ key: "t:window", limit: 1, windowSeconds: 60 })).resolves.toMatchObject({
      count: 1,
    });
    expect(await rowsOfKey(storedKey("t:window", 60))).toHaveLength(1);
  });

  it("aligns windows to multiples of the window length", async () => {
    await rateLimit({ key: "t:align", limit: 5, windowSeconds: 30 });
    const [row] = await rowsOfKey(storedKey("t:align", 30));
    expect((row!.windowStart.getTime() / 1000) % 30).toBe(0);
  });

  it("rejects nonsense options as a programming error", async () => {
    await expect(rateLimit({ key: "t:x", limit: 0, windowSeconds: 60 })).rejects.toThrow(/limit/);
    await expect(rateLimit({ key: "t:x", limit: 1, windowSeconds: 0 })).rejects.toThrow(/windowSeconds/);
    await expect(rateLimit({ key: "t:x", limit: 1, windowSeconds: 30 * 24 * 3600 })).rejects.toThrow(
      /windowSeconds/,
    );
  });
});

describe("rateLimit: the table stays bounded under a flood of distinct keys", () => {
  it("sweeps every key's expired windows after SWEEP_EVERY_NEW_ROWS new rows, and keeps live ones", async () => {
    // The flood's own counters must stay in one window for the whole test: a day-long one.
    await awayFromWindowEdge(86_400, 180_000);
    // Left behind by a flood: keys never seen again, each past its own window (60 s, 1 h).
    const dead = Array.from({ length: 300 }, (_, i) => ({
      key: storedKey(`flood:ip:2001:db8::${i.toString(16)}`, i % 2 ? 60 : 3600),
      windowStart: new Date(Date.now() - (i % 2 ? 120_000 : 2 * 3600_000)),
    }));
    // Still inside their windows: a day-long window opened an hour ago, a key written before keys
    // carried their window (kept for the longest window, 7 days).
    const live = [
      { key: storedKey("long:ip:203.0.113.1", 86_400), windowStart: new Date(Date.now() - 3600_000) },
      { key: "legacy:ip:203.0.113.2", windowStart: new Date(Date.now() - 3 * 86_400_000) },
    ];
    const legacyDead = { key: "legacy:ip:203.0.113.3", windowStart: new Date(Date.now() - 8 * 86_400_000) };
    await handle.db.insert(rateLimits).values([...dead, ...live, legacyDead]);

    // A flood of new keys: one sweep is due within any SWEEP_EVERY_NEW_ROWS of them.
    const run = crypto.randomUUID();
    for (let i = 0; i < SWEEP_EVERY_NEW_ROWS; i++)
      await rateLimit({ key: `t:flood:${run}:${i}`, limit: 5, windowSeconds: 86_400 });

    const keys = new Set(
      (await handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key),
    );
    expect(dead.filter((d) => keys.has(d.key))).toEqual([]);
    expect(keys.has(legacyDead.key)).toBe(false);
    for (const l of live) expect(keys.has(l.key), l.key).toBe(true);
    // Today's counters are live: none of them was swept.
    expect([...keys].filter((k) => k.includes(`t:flood:${run}:`))).toHaveLength(SWEEP_EVERY_NEW_ROWS);
  }, 400_000);
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { ApiError } from "@/server/errors";
import { testDb } from "../../../test/db";
import { awayFromWindowEdge } from "../../../test/rate-window";
import { rateLimit } from "./server/rate-limit";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

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
    const rows = await handle.db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(50);
  });

  it("starts a new window after the old one and forgets old windows of the key", async () => {
    await rateLimit({ key: "t:window", limit: 1, windowSeconds: 60 });
    // Age the row by two windows instead of sleeping.
    await handle.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - interval '120 seconds'` })
      .where(sql`${rateLimits.key} = 't:window'`);
    await expect(rateLimit({ key: "t:window", limit: 1, windowSeconds: 60 })).resolves.toMatchObject({
      count: 1,
    });
    const rows = await handle.db.select().from(rateLimits).where(sql`${rateLimits.key} = 't:window'`);
    expect(rows).toHaveLength(1);
  });

  it("aligns windows to multiples of the window length", async () => {
    await rateLimit({ key: "t:align", limit: 5, windowSeconds: 30 });
    const [row] = await handle.db.select().from(rateLimits).where(sql`${rateLimits.key} = 't:align'`);
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

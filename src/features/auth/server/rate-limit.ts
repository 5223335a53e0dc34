import { sql } from "drizzle-orm";
import { type Db, getDb } from "@/db/client";
import { tooManyRequests } from "@/server/errors";
import { rowsOf } from "./rows";

const MAX_WINDOW_SECONDS = 7 * 24 * 3600;

export type RateLimitOptions = {
  /** What is limited, e.g. `faucet:ip:203.0.113.7`. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  db?: Db;
};

export type RateLimitState = { count: number; remaining: number; resetSeconds: number };

/**
 * Counts one request against a fixed window and throws 429 (with `Retry-After`) once the limit is
 * passed. The counter is one atomic upsert on the database, so every web process shares it, and
 * the window is computed from the database clock so processes with skewed clocks agree.
 */
export async function rateLimit(opts: RateLimitOptions): Promise<RateLimitState> {
  const { key, limit, windowSeconds } = opts;
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) {
    throw new Error(`rateLimit: windowSeconds must be an integer from 1 to ${MAX_WINDOW_SECONDS}`);
  }
  if (!Number.isInteger(limit) || limit < 1) throw new Error("rateLimit: limit must be a positive integer");
  const db = opts.db ?? (await getDb());
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count)
    VALUES (${key}, to_timestamp(floor(extract(epoch FROM now()) / ${windowSeconds}::int) * ${windowSeconds}::int), 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
    RETURNING count,
      ceil(extract(epoch FROM window_start) + ${windowSeconds}::int - extract(epoch FROM now()))::int AS reset_seconds`);
  const row = rowsOf<{ count: number; reset_seconds: number }>(result)[0];
  if (!row) throw new Error("rateLimit: the upsert returned no row");
  const count = Number(row.count);
  const resetSeconds = Math.max(1, Number(row.reset_seconds));
  if (count === 1) await sweep(db, key, windowSeconds);
  if (count > limit) throw tooManyRequests(resetSeconds);
  return { count, remaining: limit - count, resetSeconds };
}

/** On the first hit of a new window: forget this key's older windows, and now and then everyone's. */
async function sweep(db: Db, key: string, windowSeconds: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM rate_limits
    WHERE key = ${key} AND window_start < now() - make_interval(secs => ${windowSeconds}::int)`);
  if (Math.random() < 0.01) {
    await db.execute(sql`
      DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${MAX_WINDOW_SECONDS + 3600}::int)`);
  }
}

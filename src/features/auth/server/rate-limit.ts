import { sql } from "drizzle-orm";
import { type Db, getDb } from "@/db/client";
import { tooManyRequests } from "@/server/errors";
import { rowsOf } from "./rows";

const MAX_WINDOW_SECONDS = 7 * 24 * 3600;
/** A full sweep runs after this many new counter rows in this process … */
export const SWEEP_EVERY_NEW_ROWS = 500;
/** … or at the first new row once this long has passed since the last one (a process just started). */
const SWEEP_EVERY_MS = 5 * 60_000;
/** Rows one sweep deletes at most: several times the rows that can appear between two sweeps. */
const SWEEP_BATCH = 10 * SWEEP_EVERY_NEW_ROWS;

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
 * The stored key carries the window length (`w60|auth-nonce:ip:…`): a row says itself when it
 * expires, so one sweep can drop every expired row of every key, whatever its window. Without it a
 * key never seen again could only be dropped after the longest window (7 days), and a flood of
 * distinct keys (one per address of an IPv6 /64) grew the table for a week.
 */
export const storedKey = (key: string, windowSeconds: number) => `w${windowSeconds}|${key}`;

/**
 * Counts one request against a fixed window and throws 429 (with `Retry-After`) once the limit is
 * passed. The counter is one atomic upsert on the database, so every web process shares it, and
 * the window is computed from the database clock so processes with skewed clocks agree.
 */
export async function rateLimit(opts: RateLimitOptions): Promise<RateLimitState> {
  const { limit, windowSeconds } = opts;
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) {
    throw new Error(`rateLimit: windowSeconds must be an integer from 1 to ${MAX_WINDOW_SECONDS}`);
  }
  if (!Number.isInteger(limit) || limit < 1) throw new Error("rateLimit: limit must be a positive integer");
  const db = opts.db ?? (await getDb());
  const key = storedKey(opts.key, windowSeconds);
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
  if (count === 1) await afterNewRow(db, key, windowSeconds);
  if (count > limit) throw tooManyRequests(resetSeconds);
  return { count, remaining: limit - count, resetSeconds };
}

let newRowsSinceSweep = 0;
let lastSweepAt = 0;

/**
 * On the first hit of a new window: forget this key's older windows (an index range of the primary
 * key), and every SWEEP_EVERY_NEW_ROWS new rows (or SWEEP_EVERY_MS) everyone's expired rows. So the
 * table holds the live windows plus at most about that many dead rows per process, however many
 * distinct keys arrive; the full sweep costs one scan per 500 new rows, none per request.
 */
async function afterNewRow(db: Db, key: string, windowSeconds: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM rate_limits
    WHERE key = ${key} AND window_start < now() - make_interval(secs => ${windowSeconds}::int)`);
  newRowsSinceSweep++;
  const now = Date.now();
  if (newRowsSinceSweep < SWEEP_EVERY_NEW_ROWS && now - lastSweepAt < SWEEP_EVERY_MS) return;
  newRowsSinceSweep = 0;
  lastSweepAt = now;
  await sweepExpired(db);
}

/**
 * Deletes up to SWEEP_BATCH expired rows: past their own window (read from the key), or, for a key
 * without one (written before keys carried it), past the longest window allowed.
 */
async function sweepExpired(db: Db): Promise<void> {
  await db.execute(sql`
    DELETE FROM rate_limits WHERE ctid IN (
      SELECT ctid FROM rate_limits
      WHERE window_start < now() - make_interval(secs => coalesce(
        substring(key FROM '^w([0-9]{1,7})[|]')::int, ${MAX_WINDOW_SECONDS + 3600}::int))
      LIMIT ${SWEEP_BATCH})`);
}

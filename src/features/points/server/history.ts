import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { decodeHistoryCursor, encodeHistoryCursor } from "../cursor";
import type { HistoryPage } from "../schema";
import { rowsOf } from "./rows";

export class InvalidHistoryCursorError extends Error {
  override name = "InvalidHistoryCursorError";
}

/** A user's ledger entries, newest first, one page at a time. */
export async function pointsHistory(
  db: Db,
  userId: string,
  opts: { cursor?: string | null; limit?: number } = {},
): Promise<HistoryPage> {
  const limit = Math.min(Math.max(opts.limit ?? 20, 1), 100);
  let before: number | null = null;
  if (opts.cursor) {
    before = decodeHistoryCursor(opts.cursor);
    if (before === null)
      throw new InvalidHistoryCursorError("The cursor is invalid; start again without it.");
  }
  const result = await db.execute(sql`
    SELECT id, points, reason, source, created_at FROM points_ledger
    WHERE user_id = ${userId} ${before === null ? sql`` : sql`AND id < ${before}`}
    ORDER BY id DESC LIMIT ${limit + 1}`);
  const rows = rowsOf<{
    id: string | number;
    points: number;
    reason: string;
    source: "task" | "referral" | "adjustment";
    created_at: Date | string;
  }>(result);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({
      id: String(r.id),
      points: String(r.points),
      reason: r.reason,
      source: r.source,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    next: rows.length > limit && last ? encodeHistoryCursor(Number(last.id)) : null,
  };
}

/** Running total at the end of each UTC day with credits (the rewards chart). */
export async function pointsSeries(db: Db, userId: string): Promise<{ day: string; total: string }[]> {
  const result = await db.execute(sql`
    SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(points) AS points
    FROM points_ledger WHERE user_id = ${userId}
    GROUP BY 1 ORDER BY 1`);
  let running = 0n;
  return rowsOf<{ day: string; points: string | number }>(result).map((r) => {
    running += BigInt(r.points);
    return { day: r.day, total: running.toString() };
  });
}

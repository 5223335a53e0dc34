import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rankingChanged } from "./ranking-cache";
import { rowsOf } from "./rows";

export type Credit = {
  userId: string;
  points: number;
  reason: string;
  source: "task" | "adjustment";
  /** Unique per credit, e.g. `task:{taskId}:{userId}` or `task:{taskId}:{userId}:{utcDate}`. */
  sourceKey: string;
  taskId?: string | null;
  onchain?: boolean;
};

export type CreditResult = { credited: boolean; entryId: number | null };

/**
 * Appends one ledger entry and adds it to the user's maintained total, in one statement (so one
 * transaction). A task credit of an excluded participant inserts nothing. A second credit with the same source key — a retry, a race of 50 requests — inserts
 * nothing and leaves the total alone. A negative adjustment that would take the total below zero
 * fails the CHECK and rolls the whole statement back.
 */
export async function creditPoints(db: Db, c: Credit): Promise<CreditResult> {
  if (!Number.isSafeInteger(c.points) || (c.source !== "adjustment" && c.points <= 0)) {
    throw new Error(`creditPoints: invalid points ${c.points}`);
  }
  const result = await db.execute(sql`
    WITH ins AS (
      INSERT INTO points_ledger (user_id, points, reason, source, source_key, task_id, onchain)
      SELECT ${c.userId}::uuid, ${c.points}::int, ${c.reason}, ${c.source}, ${c.sourceKey}, ${c.taskId ?? null}, ${c.onchain ?? false}::boolean
      -- Excluded participants earn nothing (issue 12); operator adjustments still apply.
      WHERE ${c.source} = 'adjustment' OR NOT EXISTS (
        SELECT 1 FROM users u JOIN participant_exclusions e ON e.address = u.address WHERE u.id = ${c.userId}::uuid
      )
      ON CONFLICT (source_key) DO NOTHING
      RETURNING id, user_id, points, created_at
    ), tot AS (
      INSERT INTO points_totals (user_id, total, updated_at)
      SELECT user_id, points, created_at FROM ins
      ON CONFLICT (user_id) DO UPDATE
        SET total = points_totals.total + EXCLUDED.total, updated_at = EXCLUDED.updated_at
      RETURNING user_id
    )
    SELECT ins.id, (SELECT count(*) FROM tot) AS totals FROM ins`);
  const row = rowsOf<{ id: string | number }>(result)[0];
  if (!row) return { credited: false, entryId: null };
  rankingChanged();
  return { credited: true, entryId: Number(row.id) };
}

/** The maintained total (0 before the first credit). */
export async function balanceOf(db: Db, userId: string): Promise<number> {
  const result = await db.execute(sql`SELECT total FROM points_totals WHERE user_id = ${userId}`);
  return Number(rowsOf<{ total: string | number }>(result)[0]?.total ?? 0);
}

/** The balance recomputed from the ledger itself (tests and audits compare it with the total). */
export async function ledgerSum(db: Db, userId: string): Promise<number> {
  const result = await db.execute(
    sql`SELECT coalesce(sum(points), 0) AS s FROM points_ledger WHERE user_id = ${userId}`,
  );
  return Number(rowsOf<{ s: string | number }>(result)[0]?.s ?? 0);
}

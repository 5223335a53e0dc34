import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rankingChanged, rowsOf } from "@/features/points/server";
import { config } from "@/server/config";
import { getSetting } from "@/server/settings";
import { ADDRESS_MASK } from "../maths";
import { qualifiedSql } from "./qualification";

/**
 * The referrer's share of a friend's task points, in percent: the console's run-time setting, else
 * the environment's default. Every payer (a task credit, the integrity worker's sweep) and /friends'
 * "How it works" read it here, so none pays at a share the operator has changed.
 */
export function referralSharePercent(db: Db): Promise<number> {
  return getSetting(db, "referral.sharePercent", config().REFERRAL_SHARE_PERCENT);
}

/**
 * A boolean SQL condition: the ledger row `l` (of the friend, the `users` row `u`) is owed a bonus
 * at `pct` percent that has not been paid. The credit statement and the sweep's candidate query
 * both use it, so the sweep never picks a friend the credit would then skip (which, picked first
 * every minute, would keep honest friends out of the sweep's batch for ever). Its NOT EXISTS only
 * spares work: under concurrent runs the unique source key (ON CONFLICT) keeps each bonus single.
 */
function bonusOwedSql(pct: number): SQL {
  return sql`l.source = 'task'
    AND u.referrer_id IS NOT NULL
    AND u.referrer_id <> u.id
    AND (l.points * ${pct}::int) / 100 > 0
    AND NOT EXISTS (SELECT 1 FROM points_ledger b WHERE b.source_key = 'referral:' || l.id)
    AND ${qualifiedSql("u")}
    AND NOT EXISTS (
      SELECT 1 FROM users r JOIN participant_exclusions rx ON rx.address = r.address WHERE r.id = u.referrer_id
    )`;
}

/**
 * maths.ts `maskAddress` in SQL: the friend as the referrer's points history names them in a
 * bonus's reason, the same 4 + 4 characters as /friends.
 */
function maskedAddressSql(column: SQL): SQL {
  const { head, fill, tail } = ADDRESS_MASK;
  return sql`CASE WHEN length(${column}) > ${head + tail + 2}::int
    THEN substr(${column}, 1, ${head}::int) || ${fill}::text || right(${column}, ${tail}::int)
    ELSE ${column} END`;
}

/** The share as the statements use it: a whole percentage of at most 100. */
const sharePct = (sharePercent: number) => Math.min(100, Math.floor(sharePercent));

/**
 * Credits the referrer's share of each of the friend's task credits that has none yet — but only
 * once the friend is qualified (server/qualification.ts) and neither of them is excluded. Run after
 * every task credit of the friend and by the integrity worker's sweep (a friend also qualifies by
 * time passing): the first qualified run pays the bonus for all earlier entries, and each bonus is
 * inserted exactly once (source key `referral:{friendEntryId}`) however often or concurrently this runs.
 * Ledger rows and the referrer's total change in one statement.
 */
export async function creditReferralBonuses(
  db: Db,
  friendId: string,
  sharePercent: number,
): Promise<{ entries: number; points: number }> {
  if (sharePercent <= 0) return { entries: 0, points: 0 };
  const pct = sharePct(sharePercent);
  const result = await db.execute(sql`
    WITH bonus AS (
      INSERT INTO points_ledger (user_id, points, reason, source, source_key, task_id, friend_id)
      SELECT u.referrer_id, (l.points * ${pct}::int) / 100,
        'Referral bonus: ' || ${maskedAddressSql(sql`u.address`)} || ' — ' || l.reason,
        'referral', 'referral:' || l.id, l.task_id, l.user_id
      FROM points_ledger l JOIN users u ON u.id = l.user_id
      WHERE l.user_id = ${friendId} AND ${bonusOwedSql(pct)}
      ORDER BY l.id
      ON CONFLICT (source_key) DO NOTHING
      RETURNING user_id, points, created_at
    ), tot AS (
      INSERT INTO points_totals (user_id, total, updated_at)
      SELECT user_id, sum(points), max(created_at) FROM bonus GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE
        SET total = points_totals.total + EXCLUDED.total, updated_at = EXCLUDED.updated_at
      RETURNING user_id
    )
    SELECT count(*) AS n, coalesce(sum(points), 0) AS pts, (SELECT count(*) FROM tot) AS totals FROM bonus`);
  const row = rowsOf<{ n: string | number; pts: string | number }>(result)[0];
  const entries = Number(row?.n ?? 0);
  // Cached points reads are read again (features/points/server/ranking-cache.ts).
  if (entries > 0) rankingChanged();
  return { entries, points: Number(row?.pts ?? 0) };
}

/**
 * The sweep for friends who became qualified without a new credit (the 24 h rule): up to `limit`
 * friends owed a bonus (the credit's own condition, `bonusOwedSql`) get `creditReferralBonuses`, in
 * id order. Each one picked is paid, so it leaves the candidates and the next pass reaches the next
 * friends. Returns how many were paid.
 */
export async function creditPendingReferralBonuses(
  db: Db,
  sharePercent: number,
  limit = 200,
): Promise<number> {
  if (sharePercent <= 0) return 0;
  const result = await db.execute(sql`
    SELECT u.id FROM users u
    WHERE u.referrer_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM points_ledger l WHERE l.user_id = u.id AND ${bonusOwedSql(sharePct(sharePercent))})
    ORDER BY u.id
    LIMIT ${limit}`);
  let paid = 0;
  for (const row of rowsOf<{ id: string }>(result)) {
    const { entries } = await creditReferralBonuses(db, row.id, sharePercent);
    if (entries > 0) paid++;
  }
  return paid;
}

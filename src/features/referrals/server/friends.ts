import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { namesFor } from "@/features/names/server";
import { rowsOf } from "@/features/points/server";
import { config } from "@/server/config";
import { maskAddress } from "../maths";
import type { FriendView, ReferralRules, ReferralsMe } from "../schema";
import { referralSharePercent } from "./bonus";
import { onchainTypesSql, qualificationRule, qualifiedSql } from "./qualification";

const MAX_FRIENDS_LISTED = 500;

/** Friends (users bound to this referrer) who are qualified (server/qualification.ts). */
export async function countQualifiedFriends(db: Db, userId: string): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*) AS n FROM users f
    WHERE f.referrer_id = ${userId} AND ${qualifiedSql("f")}`);
  return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);
}

export async function listFriends(db: Db, userId: string): Promise<{ friends: FriendView[]; total: number }> {
  const [friends, count] = await Promise.all([
    friendRows(db, userId),
    db.execute(sql`SELECT count(*) AS n FROM users WHERE referrer_id = ${userId}`),
  ]);
  return { friends, total: Number(rowsOf<{ n: string | number }>(count)[0]?.n ?? 0) };
}

/** The friends listed (at most MAX_FRIENDS_LISTED, newest first), with their names. */
async function friendRows(db: Db, userId: string): Promise<FriendView[]> {
  const rule = qualificationRule();
  const list = await db.execute(sql`
      SELECT f.address, coalesce(f.first_sign_in_at, f.created_at) AS joined_at, coalesce(t.total, 0) AS points,
        coalesce((SELECT sum(b.points) FROM points_ledger b
                  WHERE b.user_id = ${userId} AND b.friend_id = f.id AND b.source = 'referral'), 0) AS bonus,
        ${qualifiedSql("f", rule)} AS qualified,
        ${onchainTypesSql(sql`f.id`)} AS types_done,
        EXISTS (SELECT 1 FROM participant_exclusions x WHERE x.address = f.address) AS excluded
      FROM users f LEFT JOIN points_totals t ON t.user_id = f.id
      WHERE f.referrer_id = ${userId}
      ORDER BY joined_at DESC, f.id
      LIMIT ${MAX_FRIENDS_LISTED}`);
  const rows = rowsOf<{
    address: string;
    joined_at: Date | string;
    points: string | number;
    bonus: string | number;
    qualified: boolean;
    types_done: string | number;
    excluded: boolean;
  }>(list);
  // One batched query for every friend listed (names are public; the address stays masked).
  const names = await namesFor(
    db,
    rows.map((r) => r.address),
  );
  return rows.map((r) => ({
    address: maskAddress(r.address),
    name: names.get(r.address.toLowerCase()) ?? null,
    joinedAt: new Date(r.joined_at).toISOString(),
    points: String(r.points),
    bonus: String(r.bonus),
    qualified: Boolean(r.qualified),
    excluded: Boolean(r.excluded),
    onchainTypesDone: Number(r.types_done),
    onchainTypesNeeded: rule.taskTypes,
    eligibleAt: new Date(new Date(r.joined_at).getTime() + rule.hours * 3_600_000).toISOString(),
  }));
}

export function referralLink(code: string): string {
  return `${config().origin}/${code}`;
}

/** The share and the qualification rule: the same for every user ("How it works" on /friends). */
export async function referralRules(db: Db): Promise<ReferralRules> {
  return {
    sharePercent: await referralSharePercent(db),
    rule: qualificationRule(),
  };
}

/**
 * `GET /api/referrals/me`, also /friends' page data (read on every signed-in load of its shell).
 * On PGlite every statement costs web-process CPU, and the qualification rule's statements cost
 * most of it to plan (about 4 ms together): they run only for a user who has friends. The code,
 * the count and the bonus are one simple statement.
 */
export async function referralsMe(db: Db, userId: string): Promise<ReferralsMe> {
  const [summary, rules] = await Promise.all([
    db.execute(sql`
      SELECT u.referral_code AS code,
        (SELECT count(*) FROM users f WHERE f.referrer_id = u.id) AS total,
        (SELECT coalesce(sum(l.points), 0) FROM points_ledger l
          WHERE l.user_id = u.id AND l.source = 'referral') AS bonus
      FROM users u WHERE u.id = ${userId}`),
    referralRules(db),
  ]);
  const me = rowsOf<{ code: string; total: string | number; bonus: string | number }>(summary)[0];
  if (!me) throw new Error("referralsMe: the session's user is gone");
  const total = Number(me.total);
  const [friends, qualifiedCount] =
    total === 0 ? [[], 0] : await Promise.all([friendRows(db, userId), countQualifiedFriends(db, userId)]);
  return {
    code: me.code,
    link: referralLink(me.code),
    ...rules,
    friendsCount: total,
    qualifiedCount,
    totalBonus: String(me.bonus),
    friends,
  };
}

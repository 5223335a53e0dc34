import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { getUserById } from "@/features/auth/server";
import { namesFor } from "@/features/names/server";
import { rowsOf } from "@/features/points/server";
import { config } from "@/server/config";
import { getSetting } from "@/server/settings";
import { maskAddress } from "../maths";
import type { FriendView, ReferralsMe } from "../schema";
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
  const rule = qualificationRule();
  const [list, count] = await Promise.all([
    db.execute(sql`
      SELECT f.address, f.created_at, coalesce(t.total, 0) AS points,
        coalesce((SELECT sum(b.points) FROM points_ledger b
                  WHERE b.user_id = ${userId} AND b.friend_id = f.id AND b.source = 'referral'), 0) AS bonus,
        ${qualifiedSql("f", rule)} AS qualified,
        ${onchainTypesSql(sql`f.id`)} AS types_done,
        EXISTS (SELECT 1 FROM participant_exclusions x WHERE x.address = f.address) AS excluded
      FROM users f LEFT JOIN points_totals t ON t.user_id = f.id
      WHERE f.referrer_id = ${userId}
      ORDER BY f.created_at DESC, f.id
      LIMIT ${MAX_FRIENDS_LISTED}`),
    db.execute(sql`SELECT count(*) AS n FROM users WHERE referrer_id = ${userId}`),
  ]);
  const rows = rowsOf<{
    address: string;
    created_at: Date | string;
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
  const friends = rows.map((r) => ({
    address: maskAddress(r.address),
    name: names.get(r.address.toLowerCase()) ?? null,
    joinedAt: new Date(r.created_at).toISOString(),
    points: String(r.points),
    bonus: String(r.bonus),
    qualified: Boolean(r.qualified),
    excluded: Boolean(r.excluded),
    onchainTypesDone: Number(r.types_done),
    onchainTypesNeeded: rule.taskTypes,
    eligibleAt: new Date(new Date(r.created_at).getTime() + rule.hours * 3_600_000).toISOString(),
  }));
  return { friends, total: Number(rowsOf<{ n: string | number }>(count)[0]?.n ?? 0) };
}

export function referralLink(code: string): string {
  return `${config().origin}/${code}`;
}

/** `GET /api/referrals/me`. */
export async function referralsMe(db: Db, userId: string): Promise<ReferralsMe> {
  const user = await getUserById(userId, db);
  if (!user) throw new Error("referralsMe: the session's user is gone");
  const [{ friends, total }, qualifiedCount, bonusResult] = await Promise.all([
    listFriends(db, userId),
    countQualifiedFriends(db, userId),
    db.execute(sql`SELECT coalesce(sum(points), 0) AS s FROM points_ledger
      WHERE user_id = ${userId} AND source = 'referral'`),
  ]);
  return {
    code: user.referralCode,
    link: referralLink(user.referralCode),
    sharePercent: await getSetting(db, "referral.sharePercent", config().REFERRAL_SHARE_PERCENT),
    friendsCount: total,
    qualifiedCount,
    rule: qualificationRule(),
    totalBonus: String(rowsOf<{ s: string | number }>(bonusResult)[0]?.s ?? 0),
    friends,
  };
}

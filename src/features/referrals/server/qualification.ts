import { type SQL, sql } from "drizzle-orm";
import { config } from "@/server/config";

/**
 * When a friend counts for their referrer (issue 12): at least `REFERRAL_QUALIFY_TASK_TYPES`
 * distinct on-chain task types done — the faucet claim is not one of them, so a claim alone never
 * qualifies — and `REFERRAL_QUALIFY_HOURS` since their first sign-in (the user row's creation), and
 * not excluded. Until then the referral is pending: no bonus, and the invite task does not count it.
 */
export type QualificationRule = { taskTypes: number; hours: number };

export function qualificationRule(): QualificationRule {
  const c = config();
  return { taskTypes: c.REFERRAL_QUALIFY_TASK_TYPES, hours: c.REFERRAL_QUALIFY_HOURS };
}

/** Distinct on-chain task types the user `userId` (a column or value) was credited for. */
export function onchainTypesSql(userId: SQL): SQL {
  return sql`(SELECT count(DISTINCT t.type) FROM points_ledger ql JOIN tasks t ON t.id = ql.task_id
    WHERE ql.user_id = ${userId} AND ql.source = 'task' AND ql.onchain AND t.type <> 'faucet_claim')`;
}

/** A boolean SQL condition: the friend row aliased `alias` (a `users` row) is qualified. */
export function qualifiedSql(alias: string, rule: QualificationRule = qualificationRule()): SQL {
  const f = sql.raw(alias);
  return sql`(${onchainTypesSql(sql`${f}.id`)} >= ${rule.taskTypes}
    AND ${f}.first_sign_in_at <= now() - make_interval(hours => ${rule.hours})
    AND NOT EXISTS (SELECT 1 FROM participant_exclusions qx WHERE qx.address = ${f}.address))`;
}

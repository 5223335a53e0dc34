import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { namesFor } from "@/features/names/server";
import { rankingChanged } from "@/features/points/server";
import { recordAudit } from "@/server/audit";
import { ApiError, conflict, notFound } from "@/server/errors";
import type { ParticipantProfileView, ParticipantsPage } from "./responses";
import { query } from "./sql";

const PAGE = 50;

/**
 * Keyset order on a value the cursor carries exactly: a JS Date (the cursor) keeps milliseconds. A
 * participant joins at the first sign-in; an address the points import added, which has not signed
 * in yet (first_sign_in_at NULL), is listed at the time it was added.
 */
const joinedMs = sql`date_trunc('milliseconds', COALESCE(u.first_sign_in_at, u.created_at))`;

/**
 * Participants newest first, searched by address prefix, referral code or primary name (the names
 * feature's `account_names`, with or without the zone). The cursor is the previous page's last row
 * (joined, id): keyset, not an offset, so a sign-up between pages does not repeat a row.
 */
export async function searchParticipants(
  db: Db,
  opts: { search?: string; cursor?: { at: Date; id: string } },
): Promise<ParticipantsPage> {
  const s = opts.search?.toLowerCase() ?? "";
  const like = `${s.replace(/[%_\\]/g, "")}%`;
  const label = s.split(".")[0] ?? "";
  const where: SQL[] = [];
  if (s)
    where.push(sql`(u.address LIKE ${like} OR lower(u.referral_code) = ${s}
          ${label ? sql`OR EXISTS (SELECT 1 FROM account_names n WHERE n.user_id = u.id AND n.name LIKE ${`${label.replace(/[%_\\]/g, "")}%`})` : sql``})`);
  if (opts.cursor) {
    const at = sql`${opts.cursor.at.toISOString()}::timestamptz`;
    where.push(sql`(${joinedMs} < ${at} OR (${joinedMs} = ${at} AND u.id < ${opts.cursor.id}::uuid))`);
  }
  const rows = await query<{
    id: string;
    address: string;
    referral_code: string;
    total: string | null;
    first_sign_in_at: Date | string | null;
    cursor_at: string;
  }>(
    db,
    sql`SELECT u.id, u.address, u.referral_code, t.total, u.first_sign_in_at,
          to_char(${joinedMs} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cursor_at
        FROM users u LEFT JOIN points_totals t ON t.user_id = u.id
        ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY ${joinedMs} DESC, u.id DESC LIMIT ${PAGE + 1}`,
  );
  const page = rows.slice(0, PAGE);
  const last = page[page.length - 1];
  const names = await namesFor(
    db,
    page.map((r) => r.address),
  );
  return {
    participants: page.map((r) => ({
      address: r.address,
      referralCode: r.referral_code,
      name: names.get(r.address) ?? null,
      points: Number(r.total ?? 0),
      joinedAt: r.first_sign_in_at ? new Date(r.first_sign_in_at).toISOString() : null,
    })),
    nextCursor: rows.length > PAGE && last ? `${last.cursor_at}|${last.id}` : null,
  };
}

async function userOf(db: Db, address: string) {
  const [u] = await query<{
    id: string;
    address: string;
    referral_code: string;
    referrer: string | null;
    first_sign_in_at: Date | string | null;
  }>(
    db,
    sql`SELECT u.id, u.address, u.referral_code, r.address AS referrer, u.first_sign_in_at
        FROM users u LEFT JOIN users r ON r.id = u.referrer_id WHERE u.address = ${address.toLowerCase()}`,
  );
  if (!u) throw notFound("No participant with this address has signed in yet.", "PARTICIPANT_NOT_FOUND");
  return u;
}

/** Everything an operator needs on one participant. Lists are capped at the latest 100. */
export async function participantProfile(db: Db, address: string): Promise<ParticipantProfileView> {
  const u = await userOf(db, address);
  const [total, ledger, tasks, claims, referrals, sessions] = await Promise.all([
    query<{ total: string }>(db, sql`SELECT total FROM points_totals WHERE user_id = ${u.id}`),
    query<{
      id: number;
      points: number;
      reason: string;
      source: string;
      task_id: string | null;
      created_at: Date | string;
    }>(
      db,
      sql`SELECT id, points, reason, source, task_id, created_at FROM points_ledger WHERE user_id = ${u.id} ORDER BY id DESC LIMIT 100`,
    ),
    query<{ task_id: string; n: string; last: Date | string }>(
      db,
      sql`SELECT task_id, count(*) AS n, max(created_at) AS last FROM points_ledger
          WHERE user_id = ${u.id} AND source = 'task' GROUP BY task_id ORDER BY 3 DESC LIMIT 100`,
    ),
    query<{ id: string; status: string; created_at: Date | string }>(
      db,
      sql`SELECT id, status, created_at FROM faucet_claims WHERE user_id = ${u.id} ORDER BY seq DESC LIMIT 100`,
    ),
    // A referrer is bound at the friend's first sign-in, so every row here has one.
    query<{ address: string; joined: Date | string }>(
      db,
      sql`SELECT address, COALESCE(first_sign_in_at, created_at) AS joined FROM users
          WHERE referrer_id = ${u.id} ORDER BY 2 DESC LIMIT 100`,
    ),
    query<{ created_at: Date | string; expires_at: Date | string }>(
      db,
      sql`SELECT created_at, expires_at FROM sessions WHERE user_id = ${u.id} ORDER BY created_at DESC LIMIT 100`,
    ),
  ]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  const names = await namesFor(db, [
    u.address,
    ...(u.referrer ? [u.referrer] : []),
    ...referrals.map((r) => r.address),
  ]);
  return {
    address: u.address,
    name: names.get(u.address) ?? null,
    referralCode: u.referral_code,
    referrer: u.referrer,
    referrerName: u.referrer ? (names.get(u.referrer) ?? null) : null,
    joinedAt: u.first_sign_in_at ? iso(u.first_sign_in_at) : null,
    points: Number(total[0]?.total ?? 0),
    ledger: ledger.map((l) => ({
      id: Number(l.id),
      points: Number(l.points),
      reason: l.reason,
      source: l.source,
      taskId: l.task_id,
      createdAt: iso(l.created_at),
    })),
    tasks: tasks.map((t) => ({ taskId: t.task_id, completions: Number(t.n), lastAt: iso(t.last) })),
    faucetClaims: claims.map((c) => ({ id: c.id, status: c.status, createdAt: iso(c.created_at) })),
    referrals: referrals.map((r) => ({
      address: r.address,
      name: names.get(r.address) ?? null,
      joinedAt: iso(r.joined),
    })),
    sessions: sessions.map((s) => ({ createdAt: iso(s.created_at), expiresAt: iso(s.expires_at) })),
  };
}

/**
 * A manual adjustment: one new ledger entry (never an edit) keyed by the request's Idempotency-Key,
 * so a retried or doubled request credits once. The totals table's CHECK refuses a total below
 * zero in the same statement; that is answered as 409 with the balance.
 */
export async function adjustPoints(
  db: Db,
  actor: string,
  address: string,
  input: { points: number; reason: string },
  idempotencyKey: string,
) {
  const u = await userOf(db, address);
  const sourceKey = `adjustment:${idempotencyKey}`;
  const [prior] = await query<{ user_id: string; points: number; reason: string }>(
    db,
    sql`SELECT user_id, points, reason FROM points_ledger WHERE source_key = ${sourceKey}`,
  );
  if (prior) return replayOf(prior, u.id, input);
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // The total row is locked first, so concurrent adjustments of one participant are serialised
      // and the balance check below sees the latest total.
      const [row] = await query<{ total: string }>(
        t,
        sql`SELECT total FROM points_totals WHERE user_id = ${u.id} FOR UPDATE`,
      );
      const before = Number(row?.total ?? 0);
      if (before + input.points < 0) {
        throw conflict(
          `This would take the balance below zero: it is ${before} points.`,
          "POINTS_BELOW_ZERO",
        );
      }
      const [entry] = await query<{ id: string; created_at: Date | string }>(
        t,
        sql`INSERT INTO points_ledger (user_id, points, reason, source, source_key)
            VALUES (${u.id}, ${input.points}, ${input.reason}, 'adjustment', ${sourceKey})
            ON CONFLICT (source_key) DO NOTHING RETURNING id, created_at`,
      );
      if (!entry) {
        const [prior] = await query<{ user_id: string; points: number; reason: string }>(
          t,
          sql`SELECT user_id, points, reason FROM points_ledger WHERE source_key = ${sourceKey}`,
        );
        if (prior) return replayOf(prior, u.id, input);
        return { credited: false, points: before };
      }
      // Not features/points creditPoints: its single-statement upsert checks the proposed insert
      // row (a negative total) against the CHECK before resolving the conflict, so it cannot subtract.
      const at = new Date(entry.created_at);
      if (row) {
        await t.execute(
          sql`UPDATE points_totals SET total = total + ${input.points}, updated_at = ${at} WHERE user_id = ${u.id}`,
        );
      } else {
        await t.execute(
          sql`INSERT INTO points_totals (user_id, total, updated_at) VALUES (${u.id}, ${input.points}, ${at})
              ON CONFLICT (user_id) DO UPDATE SET total = points_totals.total + EXCLUDED.total, updated_at = EXCLUDED.updated_at`,
        );
      }
      // Cached points reads are read again (features/points/server/ranking-cache.ts).
      rankingChanged();
      await recordAudit(t, {
        actor,
        action: "points.adjust",
        target: u.address,
        before: { points: before },
        after: { points: before + input.points, change: input.points, reason: input.reason },
      });
      return { credited: true, points: before + input.points };
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // A racing request with the same key won the unique index: answer as its replay.
    const [raced] = await query<{ user_id: string; points: number; reason: string }>(
      db,
      sql`SELECT user_id, points, reason FROM points_ledger WHERE source_key = ${sourceKey}`,
    );
    if (raced) return replayOf(raced, u.id, input);
    throw err;
  }
}

async function replayOf(
  prior: { user_id: string; points: number; reason: string },
  userId: string,
  input: { points: number; reason: string },
) {
  if (prior.user_id !== userId || Number(prior.points) !== input.points || prior.reason !== input.reason)
    throw conflict(
      "This Idempotency-Key was already used for a different adjustment; send a new key.",
      "IDEMPOTENCY_KEY_REUSED",
    );
  return { credited: false, points: null };
}

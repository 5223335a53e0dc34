import { desc, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLog } from "@/db/schema";

export type AuditEntry = {
  /** Lower-case address of the operator who acted. */
  actor: string;
  /** What was done, `area.verb`, e.g. `names.revoke`, `points.adjust`. */
  action: string;
  /** What it was done to, e.g. an address, `task:daily-checkin`. */
  target: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Appends one operator action to the audit log. Call it inside the same transaction as the change
 * it records, so a change is never without its entry (the table refuses updates and deletes).
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor.toLowerCase(),
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * A page of the audit log, newest first; `cursor` is the last id of the previous page. One row more
 * than the page is read, so `nextCursor` is set only when an older entry exists (a log of exactly
 * one page offers no empty "older" page).
 */
export async function listAudit(db: Db, opts: { cursor?: bigint; limit?: number } = {}) {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 200);
  const rows = await db
    .select()
    .from(auditLog)
    .where(opts.cursor === undefined ? undefined : lt(auditLog.id, opts.cursor))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit);
  return { entries, nextCursor: rows.length > limit ? entries[entries.length - 1]?.id : undefined };
}

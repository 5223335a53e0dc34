import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";

// Retention of the webhook log (docs/integrations.md, "Retention"): without it webhook_events and
// webhook_deliveries grew by one row per event and per receiver for ever. Same mechanism as the
// analytics events' (admin/server/events.ts, pruneEvents): a DELETE against now() at most once an
// hour, here from the webhook worker, which already runs in exactly one process.

/**
 * Days an event and its deliveries are kept after the event, and after the last attempt of any of
 * its deliveries (a redelivered old event keeps its log as long again). A constant for now: the
 * console shows 24 h of retries, and a month covers any investigation of what a receiver got.
 */
export const WEBHOOK_RETENTION_DAYS = 30;
/** At most once an hour, as the analytics events' pruning. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Events one sweep deletes at most (with their deliveries): a long backlog goes in short transactions. */
export const PRUNE_BATCH = 1000;

/**
 * Deletes up to `batch` events older than `days` whose deliveries are all finished (delivered or
 * failed) and none attempted within `days`; their deliveries go with them (ON DELETE CASCADE). An
 * event with a pending delivery (a retry under way, or queued for a disabled endpoint) is kept
 * whole, whatever its age: pending deliveries are never deleted. Returns the events deleted: a full
 * batch means more are waiting.
 *
 * The oldest first through webhook_events_created_at_idx; the NOT EXISTS reads the deliveries'
 * primary key (event_id first).
 */
export async function pruneWebhookLog(
  db: Db,
  { days = WEBHOOK_RETENTION_DAYS, batch = PRUNE_BATCH }: { days?: number; batch?: number } = {},
): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${days})`;
  const result = await db.execute(sql`
    DELETE FROM webhook_events WHERE id IN (
      SELECT ev.id FROM webhook_events ev
      WHERE ev.created_at < ${cutoff}
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries d
          WHERE d.event_id = ev.id AND (d.status = 'pending' OR d.next_attempt_at >= ${cutoff}))
      ORDER BY ev.created_at
      LIMIT ${batch})
    RETURNING id`);
  return rowsOf<{ id: string }>(result).length;
}

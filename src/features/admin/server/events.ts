import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { analyticsEvents } from "@/db/schema";
import { rateLimit } from "@/features/auth/server";
import { config } from "@/server/config";
import { ApiError } from "@/server/errors";
import { ERROR_REPORTS_PER_MINUTE, type EventsBody } from "../events-schema";

const PRUNE_EVERY_MS = 60 * 60 * 1000;
let lastPrune = 0;

/**
 * Stores a batch of first-party events. No IP address or user agent is stored; the signed-in
 * user's id is, when there is one. Error reports past the seed's cap (5 a minute per client) are
 * dropped. Old events are pruned lazily, at most once an hour per process.
 */
export async function recordEvents(
  db: Db,
  body: EventsBody,
  userId: string | null,
): Promise<{ stored: number }> {
  const errors = body.events.filter((e) => e.name === "ERROR_REPORT");
  let allowedErrors = 0;
  for (const _ of errors) {
    try {
      await rateLimit({
        key: `events:errors:${body.clientId}`,
        limit: ERROR_REPORTS_PER_MINUTE,
        windowSeconds: 60,
        db,
      });
      allowedErrors++;
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) break;
      throw err;
    }
  }
  let errorBudget = allowedErrors;
  const rows = body.events
    .filter((e) => e.name !== "ERROR_REPORT" || errorBudget-- > 0)
    .map((e) => ({
      name: e.name,
      clientId: body.clientId,
      userId,
      path: e.path ?? null,
      props: e.props ?? null,
    }));
  if (rows.length) await db.insert(analyticsEvents).values(rows);
  await pruneEvents(db);
  return { stored: rows.length };
}

export async function pruneEvents(db: Db, now = Date.now(), force = false): Promise<void> {
  if (!force && now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  const days = config().ANALYTICS_RETENTION_DAYS;
  await db.execute(
    sql`DELETE FROM analytics_events WHERE created_at < now() - make_interval(days => ${days})`,
  );
}

import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { signWebhook } from "./signature";

/** Deliveries are retried for this long after the event, then marked failed (docs/integrations.md). */
export const RETRY_WINDOW_SECONDS = 24 * 3600;
const FIRST_RETRY_SECONDS = 10;
const MAX_RETRY_SECONDS = 3600;
/** A delivery taken by a worker is not taken again for this long (a crashed worker's lease expires). */
const LEASE_SECONDS = 60;
const REQUEST_TIMEOUT_MS = 10_000;
const KEPT_RESPONSE_CHARS = 1024;

/** Delay before retry number `attempts` (1-based): 10 s, 20 s, 40 s … capped at an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));
}

type Due = {
  event_id: string;
  endpoint_id: string;
  attempts: number;
  url: string;
  secret: string;
  type: string;
  payload: unknown;
  created_at: string | Date;
  expired: boolean;
};

export type DeliveryOptions = { batch?: number; fetchImpl?: typeof fetch; now?: () => number };

/**
 * Takes up to `batch` due deliveries (leasing them), POSTs each, and records the answer: 2xx →
 * delivered; otherwise retried with exponential backoff until 24 h after the event, then failed.
 * At least once: a crash after the POST but before the update re-sends the same event id later,
 * which receivers de-duplicate on `X-Aurum-Event-Id`. Returns how many were attempted.
 */
export async function deliverDue(db: Db, opts: DeliveryOptions = {}): Promise<number> {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const now = opts.now ?? Date.now;
  const due = rowsOf<Due>(
    await db.execute(sql`
      WITH picked AS (
        SELECT event_id, endpoint_id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT ${opts.batch ?? 20}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE webhook_deliveries d
      SET next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
      FROM picked, webhook_endpoints e, webhook_events ev
      WHERE d.event_id = picked.event_id AND d.endpoint_id = picked.endpoint_id
        AND e.id = d.endpoint_id AND ev.id = d.event_id
      RETURNING d.event_id, d.endpoint_id, d.attempts, e.url, e.secret, ev.type, ev.payload, ev.created_at,
        (ev.created_at < now() - make_interval(secs => ${RETRY_WINDOW_SECONDS})) AS expired`),
  );
  await Promise.all(due.map((d) => deliverOne(db, d, fetchImpl, now)));
  return due.length;
}

async function deliverOne(db: Db, d: Due, fetchImpl: typeof fetch, now: () => number): Promise<void> {
  const body = JSON.stringify({
    id: d.event_id,
    type: d.type,
    createdAt: new Date(d.created_at).toISOString(),
    data: d.payload,
  });
  let status: number | null = null;
  let text: string | null = null;
  let error: string | null = null;
  try {
    const res = await fetchImpl(d.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "user-agent": "aurum-portal-webhooks/1",
        "x-aurum-event-id": d.event_id,
        "x-aurum-event-type": d.type,
        "x-aurum-signature": signWebhook(d.secret, Math.floor(now() / 1000), body),
      },
      body,
    });
    status = res.status;
    text = (await res.text().catch(() => "")).slice(0, KEPT_RESPONSE_CHARS);
  } catch (err) {
    error = err instanceof Error ? err.message.slice(0, KEPT_RESPONSE_CHARS) : "request failed";
  }
  const ok = status !== null && status >= 200 && status < 300;
  const next = ok ? "delivered" : d.expired ? "failed" : "pending";
  await db.execute(sql`
    UPDATE webhook_deliveries SET
      status = ${next},
      last_status = ${status},
      last_response = ${text},
      last_error = ${error},
      delivered_at = ${ok ? sql`now()` : sql`NULL`},
      next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(d.attempts)})
    WHERE event_id = ${d.event_id} AND endpoint_id = ${d.endpoint_id}`);
}

import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { config } from "@/server/config";
import { postWebhook } from "./post";
import { signWebhook } from "./signature";
import type { Resolve } from "./target-guard";

/** Deliveries are retried for this long after the event, then marked failed (docs/integrations.md). */
export const RETRY_WINDOW_SECONDS = 24 * 3600;
const FIRST_RETRY_SECONDS = 10;
const MAX_RETRY_SECONDS = 3600;
/** A delivery taken by a worker is not taken again for this long (a crashed worker's lease expires). */
const LEASE_SECONDS = 60;
const REQUEST_TIMEOUT_MS = 10_000;
/** The first 1 KiB of an answer is kept for the console's delivery log; the rest is never read. */
const KEPT_RESPONSE_BYTES = 1024;
const KEPT_ERROR_CHARS = 1024;

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

export type DeliveryOptions = {
  batch?: number;
  now?: () => number;
  /** Default: WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate?: boolean;
  /** The host name resolver (default: the system's); tests inject one. */
  resolve?: Resolve;
};
type Target = Pick<DeliveryOptions, "resolve"> & { allowPrivate: boolean; now: () => number };

/**
 * Takes up to `batch` due deliveries (leasing them), POSTs each, and records the answer: 2xx →
 * delivered; otherwise retried with exponential backoff until 24 h after the event, then failed.
 * At least once: a crash after the POST but before the update re-sends the same event id later,
 * which receivers de-duplicate on `X-Aurum-Event-Id`. Returns how many were attempted.
 * Deliveries of a disabled endpoint are not taken: they stay pending, paused, and go out again when
 * the endpoint is enabled (docs/integrations.md). Only public addresses are connected to, unless
 * WEBHOOK_ALLOW_PRIVATE (target-guard.ts); a refused target is a failed attempt with its reason.
 */
export async function deliverDue(db: Db, opts: DeliveryOptions = {}): Promise<number> {
  const target: Target = {
    now: opts.now ?? Date.now,
    allowPrivate: opts.allowPrivate ?? config().WEBHOOK_ALLOW_PRIVATE,
    resolve: opts.resolve,
  };
  const due = rowsOf<Due>(
    await db.execute(sql`
      WITH picked AS (
        SELECT d.event_id, d.endpoint_id FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
        WHERE d.status = 'pending' AND d.next_attempt_at <= now()
        ORDER BY d.next_attempt_at
        LIMIT ${opts.batch ?? 20}
        FOR UPDATE OF d SKIP LOCKED
      )
      UPDATE webhook_deliveries d
      SET next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
      FROM picked, webhook_endpoints e, webhook_events ev
      WHERE d.event_id = picked.event_id AND d.endpoint_id = picked.endpoint_id
        AND e.id = d.endpoint_id AND ev.id = d.event_id
      RETURNING d.event_id, d.endpoint_id, d.attempts, e.url, e.secret, ev.type, ev.payload, ev.created_at,
        (ev.created_at < now() - make_interval(secs => ${RETRY_WINDOW_SECONDS})) AS expired`),
  );
  await Promise.all(due.map((d) => deliverOne(db, d, target)));
  return due.length;
}

async function deliverOne(db: Db, d: Due, target: Target): Promise<void> {
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
    const res = await postWebhook({
      url: d.url,
      timeoutMs: REQUEST_TIMEOUT_MS,
      keepBytes: KEPT_RESPONSE_BYTES,
      allowPrivate: target.allowPrivate,
      resolve: target.resolve,
      headers: {
        "content-type": "application/json",
        "user-agent": "aurum-portal-webhooks/1",
        "x-aurum-event-id": d.event_id,
        "x-aurum-event-type": d.type,
        "x-aurum-signature": signWebhook(d.secret, Math.floor(target.now() / 1000), body),
      },
      body,
    });
    status = res.status;
    text = res.text;
  } catch (err) {
    error = err instanceof Error ? err.message.slice(0, KEPT_ERROR_CHARS) : "request failed";
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

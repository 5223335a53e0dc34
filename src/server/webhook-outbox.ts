import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/**
 * The webhook outbox (docs/integrations.md): features record what happened here, in the
 * transaction of the change; the integrations feature's worker delivers it. It lives in src/server
 * because every feature reports to it while the integrations feature itself reads tasks.
 */
export const WEBHOOK_EVENT_TYPES = [
  "participant.signed_up",
  "task.completed",
  "faucet.paid",
  "ticket.opened",
  "airdrop.claimed",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Records an event and queues one delivery per subscribed, enabled endpoint. Call it inside the
 * transaction of the change it reports; `dedupeKey` names the fact, so a retried caller emits it once.
 * Costs one small insert when no endpoint exists.
 */
export async function emitEvent(
  db: Db,
  type: WebhookEventType,
  dedupeKey: string,
  data: Record<string, unknown>,
): Promise<void> {
  await db.execute(sql`
    WITH ev AS (
      INSERT INTO webhook_events (type, dedupe_key, payload)
      SELECT ${type}, ${`${type}:${dedupeKey}`}, ${JSON.stringify(data)}::jsonb
      WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled)
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id
    )
    INSERT INTO webhook_deliveries (event_id, endpoint_id)
    SELECT ev.id, e.id FROM ev CROSS JOIN webhook_endpoints e
    WHERE e.enabled AND (cardinality(e.events) = 0 OR ${type} = ANY (e.events))`);
}

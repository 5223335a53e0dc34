import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { tstz } from "./columns";

// Outgoing webhooks (docs/integrations.md). Kept in sync by hand with migrations/0015_integrations.sql
// and 0037; src/db/schema.int.test.ts fails when the two drift apart.

/** A receiver registered by the operator (console) or from WEBHOOK_URLS (`source = 'env'`). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    // HMAC-SHA256 key of this endpoint's `X-Aurum-Signature`.
    secret: text("secret").notNull(),
    // Event types delivered; empty = every type.
    events: text("events").array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean("enabled").notNull().default(true),
    source: text("source").notNull().default("console"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("webhook_endpoints_source_check", sql`${t.source} IN ('console', 'env')`),
    check("webhook_endpoints_url_check", sql`${t.url} ~ '^https?://'`),
  ],
);

/** One event, written in the transaction of the change it reports; its id is the idempotency id receivers see. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    // Unique per fact (e.g. `task.completed:<ledger entry id>`), so a retried caller emits it once.
    dedupeKey: text("dedupe_key").notNull().unique("webhook_events_dedupe_key_unique"),
    payload: jsonb("payload").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_events_created_at_idx").on(t.createdAt)],
);

/** The delivery of one event to one endpoint: retried with backoff for 24 h, the last answer kept. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    lastStatus: integer("last_status"),
    lastResponse: text("last_response"),
    lastError: text("last_error"),
    deliveredAt: tstz("delivered_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "webhook_deliveries_pkey", columns: [t.eventId, t.endpointId] }),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    // The console's delivery log, newest first (migrations/0037_webhook_deliveries_log_idx.sql).
    index("webhook_deliveries_endpoint_log_idx").on(
      t.endpointId,
      sql`(date_trunc('milliseconds', ${t.createdAt} AT TIME ZONE 'UTC')) DESC`,
      t.eventId.desc(),
    ),
    check("webhook_deliveries_status_check", sql`${t.status} IN ('pending', 'delivered', 'failed')`),
  ],
);

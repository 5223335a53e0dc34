-- Outgoing webhooks: endpoints, events (outbox) and deliveries. Mirrors src/db/schema/integrations.ts.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  url text NOT NULL,
  secret text NOT NULL,
  events text[] NOT NULL DEFAULT '{}'::text[],
  enabled boolean NOT NULL DEFAULT true,
  source text NOT NULL DEFAULT 'console',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_endpoints_source_check CHECK (source IN ('console', 'env')),
  CONSTRAINT webhook_endpoints_url_check CHECK (url ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL,
  dedupe_key text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_events_dedupe_key_unique UNIQUE (dedupe_key)
);
--> statement-breakpoint
CREATE INDEX webhook_events_created_at_idx ON webhook_events (created_at);
--> statement-breakpoint
CREATE TABLE webhook_deliveries (
  event_id uuid NOT NULL,
  endpoint_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  last_response text,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (event_id, endpoint_id),
  CONSTRAINT webhook_deliveries_event_id_webhook_events_id_fk FOREIGN KEY (event_id) REFERENCES webhook_events (id) ON DELETE CASCADE,
  CONSTRAINT webhook_deliveries_endpoint_id_webhook_endpoints_id_fk FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (status, next_attempt_at);

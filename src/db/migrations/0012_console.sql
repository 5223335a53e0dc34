-- Operator console (issue 14): run-time settings, first-party analytics events, and which seeded
-- rows an operator has edited in the console (the seeders leave those alone). Mirrors
-- src/db/schema/console.ts.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  client_id text NOT NULL,
  user_id uuid,
  path text,
  props jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- client_id in the index: the funnel counts distinct clients per step from the index alone.
CREATE INDEX analytics_events_name_created_idx ON analytics_events (name, created_at, client_id);
--> statement-breakpoint
CREATE INDEX analytics_events_created_idx ON analytics_events (created_at);
--> statement-breakpoint
CREATE TABLE console_edits (
  kind text NOT NULL,
  id text NOT NULL,
  edited_by text NOT NULL,
  edited_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT console_edits_pkey PRIMARY KEY (kind, id),
  CONSTRAINT console_edits_kind_check CHECK (kind IN ('task', 'news', 'faq'))
);
--> statement-breakpoint
CREATE INDEX users_created_at_idx ON users (created_at);
--> statement-breakpoint
CREATE INDEX sessions_created_at_idx ON sessions (created_at);
--> statement-breakpoint
CREATE TABLE support_assignments (
  ticket_id uuid PRIMARY KEY,
  assignee text NOT NULL,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT support_assignments_ticket_id_support_tickets_id_fk FOREIGN KEY (ticket_id) REFERENCES support_tickets (id) ON DELETE CASCADE
);

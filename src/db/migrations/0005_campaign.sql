-- Tasks, points ledger and maintained totals (issue 6). Mirrors src/db/schema/campaign.ts.
CREATE TABLE tasks (
  id text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  type text NOT NULL,
  params jsonb NOT NULL,
  points integer NOT NULL,
  repeat text NOT NULL,
  starts_at timestamptz,
  ends_at timestamptz,
  sort_order integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tasks_points_check CHECK (points > 0),
  CONSTRAINT tasks_repeat_check CHECK (repeat IN ('once', 'daily'))
);
--> statement-breakpoint
CREATE TABLE points_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL,
  points integer NOT NULL,
  reason text NOT NULL,
  source text NOT NULL,
  source_key text NOT NULL,
  task_id text,
  friend_id uuid,
  onchain boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT points_ledger_source_key_unique UNIQUE (source_key),
  CONSTRAINT points_ledger_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
  CONSTRAINT points_ledger_friend_id_users_id_fk FOREIGN KEY (friend_id) REFERENCES users (id) ON DELETE SET NULL,
  CONSTRAINT points_ledger_source_check CHECK (source IN ('task', 'referral', 'adjustment')),
  CONSTRAINT points_ledger_points_check CHECK (source = 'adjustment' OR points > 0)
);
--> statement-breakpoint
CREATE INDEX points_ledger_user_id_id_idx ON points_ledger (user_id, id);
--> statement-breakpoint
CREATE INDEX points_ledger_friend_id_idx ON points_ledger (friend_id);
--> statement-breakpoint
CREATE TABLE points_totals (
  user_id uuid PRIMARY KEY,
  total bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT points_totals_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
  CONSTRAINT points_totals_total_check CHECK (total >= 0)
);
--> statement-breakpoint
CREATE INDEX points_totals_rank_idx ON points_totals (total DESC, updated_at, user_id);

-- Daily rollups of the console overview (issue 14; src/features/admin/server/overview-rollup.ts).
-- One row per closed UTC day, metric and key (asset, task id or ''); the current day is computed live.
CREATE TABLE console_daily (
  day date NOT NULL,
  metric text NOT NULL,
  key text NOT NULL,
  value numeric(78, 0) NOT NULL,
  CONSTRAINT console_daily_pkey PRIMARY KEY (metric, day, key),
  CONSTRAINT console_daily_metric_check CHECK (metric IN ('new_participants', 'sign_ins', 'faucet_outflow', 'completions', 'first_onchain_task'))
);
--> statement-breakpoint
-- The (metric, day) pairs whose rows are in console_daily (a quiet day has no rows but is done).
CREATE TABLE console_daily_days (
  metric text NOT NULL,
  day date NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT console_daily_days_pkey PRIMARY KEY (metric, day)
);
--> statement-breakpoint
-- "First on-chain task" of a user: the live part looks up earlier on-chain task rows per user.
CREATE INDEX points_ledger_onchain_task_idx ON points_ledger (user_id, created_at) WHERE source = 'task' AND onchain;
--> statement-breakpoint
-- Funnel steps are distinct counts over a range (not additive per day): one row per step and actor
-- with the UTC days it was seen (days since 2000-01-01), folded in from the base tables.
CREATE TABLE console_actor_days (
  step text NOT NULL,
  actor text NOT NULL,
  days integer[] NOT NULL,
  CONSTRAINT console_actor_days_pkey PRIMARY KEY (step, actor),
  CONSTRAINT console_actor_days_step_check CHECK (step IN ('visit', 'connect', 'sign-in', 'faucet'))
);
--> statement-breakpoint
-- How far each step has been folded (re-folded from 10 minutes before: folding is idempotent).
CREATE TABLE console_actor_fold (
  step text PRIMARY KEY,
  through timestamptz NOT NULL
);
--> statement-breakpoint
-- Today's task completions (and first on-chain tasks) are computed live: a range of the task rows.
CREATE INDEX points_ledger_task_created_idx ON points_ledger (created_at) WHERE source = 'task';

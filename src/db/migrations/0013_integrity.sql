-- Campaign integrity (issue 12): faucet proof-of-work, client addresses at sign-in and claim,
-- exclusions and appeals, sybil scores and clusters. Mirrors src/db/schema/integrity.ts (and the
-- faucet_claims.subnet column in src/db/schema/faucet.ts).
CREATE TABLE faucet_pow_used (
  challenge text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX faucet_pow_used_expires_at_idx ON faucet_pow_used (expires_at);
--> statement-breakpoint
ALTER TABLE faucet_claims ADD COLUMN subnet text;
--> statement-breakpoint
CREATE INDEX faucet_claims_subnet_created_at_idx ON faucet_claims (subnet, created_at);
--> statement-breakpoint
CREATE TABLE sign_in_events (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL CONSTRAINT sign_in_events_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  ip text,
  subnet text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX sign_in_events_address_idx ON sign_in_events (address);
--> statement-breakpoint
CREATE INDEX sign_in_events_subnet_idx ON sign_in_events (subnet);
--> statement-breakpoint
CREATE TABLE participant_exclusions (
  address text PRIMARY KEY,
  reason_category text NOT NULL,
  reason text NOT NULL,
  source text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT participant_exclusions_address_lower_check CHECK (address ~ '^0x[0-9a-f]{40}$'),
  CONSTRAINT participant_exclusions_category_check CHECK (reason_category IN ('sybil', 'bot', 'abuse', 'other')),
  CONSTRAINT participant_exclusions_source_check CHECK (source IN ('manual', 'import', 'cluster'))
);
--> statement-breakpoint
CREATE TABLE exclusion_appeals (
  address text PRIMARY KEY,
  ticket_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE sybil_clusters (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  key text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  score integer NOT NULL,
  size integer NOT NULL,
  evidence jsonb NOT NULL,
  decided_by text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sybil_clusters_kind_key_unique UNIQUE (kind, key),
  CONSTRAINT sybil_clusters_status_check CHECK (status IN ('open', 'confirmed', 'dismissed'))
);
--> statement-breakpoint
CREATE INDEX sybil_clusters_status_score_idx ON sybil_clusters (status, score);
--> statement-breakpoint
CREATE TABLE sybil_cluster_members (
  cluster_id bigint NOT NULL CONSTRAINT sybil_cluster_members_cluster_id_sybil_clusters_id_fk REFERENCES sybil_clusters (id) ON DELETE CASCADE,
  address text NOT NULL,
  CONSTRAINT sybil_cluster_members_pkey PRIMARY KEY (cluster_id, address)
);
--> statement-breakpoint
CREATE INDEX sybil_cluster_members_address_idx ON sybil_cluster_members (address);
--> statement-breakpoint
CREATE TABLE sybil_scores (
  address text PRIMARY KEY,
  score integer NOT NULL,
  reasons jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX sybil_scores_score_idx ON sybil_scores (score);
--> statement-breakpoint
CREATE TABLE sybil_state (
  key text PRIMARY KEY,
  value bigint NOT NULL
);

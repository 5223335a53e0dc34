-- Airdrop rounds, frozen allocations with proofs, trees and recorded transactions. Mirrors src/db/schema/airdrop.ts.
CREATE TABLE airdrop_rounds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  token_mode text NOT NULL,
  token_address text,
  token_symbol text,
  token_decimals integer,
  total_amount numeric(78, 0) NOT NULL,
  snapshot_at timestamptz NOT NULL,
  min_points bigint NOT NULL,
  cap_per_address numeric(78, 0),
  tier_multipliers jsonb NOT NULL,
  opens_at timestamptz NOT NULL,
  deadline timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  merkle_root text,
  recipients integer,
  distributor_address text,
  distributor_block bigint,
  lease_until timestamptz,
  last_error text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  swept_at timestamptz,
  swept_amount numeric(78, 0),
  CONSTRAINT airdrop_rounds_status_check CHECK (status IN ('draft', 'frozen', 'deployed', 'funded', 'published')),
  CONSTRAINT airdrop_rounds_token_mode_check CHECK (token_mode IN ('deploy', 'existing')),
  CONSTRAINT airdrop_rounds_window_check CHECK (opens_at < deadline),
  CONSTRAINT airdrop_rounds_total_check CHECK (total_amount > 0)
);
--> statement-breakpoint
CREATE TABLE airdrop_allocations (
  round_id uuid NOT NULL CONSTRAINT airdrop_allocations_round_id_airdrop_rounds_id_fk REFERENCES airdrop_rounds(id) ON DELETE CASCADE,
  index integer NOT NULL,
  address text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  points bigint NOT NULL,
  tier text NOT NULL,
  multiplier_bps integer NOT NULL,
  capped integer NOT NULL DEFAULT 0,
  proof jsonb NOT NULL,
  CONSTRAINT airdrop_allocations_pkey PRIMARY KEY (round_id, index),
  CONSTRAINT airdrop_allocations_round_address_unique UNIQUE (round_id, address)
);
--> statement-breakpoint
CREATE TABLE airdrop_ineligible (
  round_id uuid NOT NULL CONSTRAINT airdrop_ineligible_round_id_airdrop_rounds_id_fk REFERENCES airdrop_rounds(id) ON DELETE CASCADE,
  address text NOT NULL,
  points bigint NOT NULL,
  reason text NOT NULL,
  CONSTRAINT airdrop_ineligible_pkey PRIMARY KEY (round_id, address),
  CONSTRAINT airdrop_ineligible_reason_check CHECK (reason IN ('below_minimum', 'excluded'))
);
--> statement-breakpoint
CREATE TABLE airdrop_trees (
  round_id uuid PRIMARY KEY CONSTRAINT airdrop_trees_round_id_airdrop_rounds_id_fk REFERENCES airdrop_rounds(id) ON DELETE CASCADE,
  dump jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE airdrop_txs (
  round_id uuid NOT NULL CONSTRAINT airdrop_txs_round_id_airdrop_rounds_id_fk REFERENCES airdrop_rounds(id) ON DELETE CASCADE,
  kind text NOT NULL,
  hash text NOT NULL,
  raw text NOT NULL,
  nonce integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  mined_block bigint,
  CONSTRAINT airdrop_txs_pkey PRIMARY KEY (round_id, kind),
  CONSTRAINT airdrop_txs_kind_check CHECK (kind IN ('token', 'deploy', 'fund', 'sweep'))
);
--> statement-breakpoint
CREATE INDEX airdrop_txs_hash_idx ON airdrop_txs (hash);

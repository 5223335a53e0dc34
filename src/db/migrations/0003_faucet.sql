-- Faucet claims, payments and sender transactions (issue 4). Mirrors src/db/schema/faucet.ts.
CREATE TABLE faucet_cooldowns (
  address text PRIMARY KEY,
  next_allowed_at timestamptz NOT NULL,
  claim_id uuid NOT NULL,
  CONSTRAINT faucet_cooldowns_address_lower_check CHECK (address ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE TABLE faucet_claims (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL,
  user_id uuid NOT NULL,
  address text NOT NULL,
  ip text,
  status text NOT NULL DEFAULT 'queued',
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT faucet_claims_seq_unique UNIQUE (seq),
  CONSTRAINT faucet_claims_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
  CONSTRAINT faucet_claims_address_lower_check CHECK (address ~ '^0x[0-9a-f]{40}$'),
  CONSTRAINT faucet_claims_status_check CHECK (status IN ('queued', 'sent', 'confirmed', 'failed'))
);
--> statement-breakpoint
CREATE INDEX faucet_claims_status_seq_idx ON faucet_claims (status, seq);
--> statement-breakpoint
CREATE INDEX faucet_claims_address_created_at_idx ON faucet_claims (address, created_at);
--> statement-breakpoint
CREATE INDEX faucet_claims_ip_created_at_idx ON faucet_claims (ip, created_at);
--> statement-breakpoint
CREATE INDEX faucet_claims_user_id_idx ON faucet_claims (user_id);
--> statement-breakpoint
CREATE TABLE faucet_txs (
  id bigserial PRIMARY KEY,
  from_address text NOT NULL,
  nonce bigint NOT NULL,
  hash text NOT NULL,
  raw text NOT NULL,
  kind text NOT NULL,
  asset text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  block_number bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT faucet_txs_hash_unique UNIQUE (hash),
  CONSTRAINT faucet_txs_from_address_nonce_unique UNIQUE (from_address, nonce),
  CONSTRAINT faucet_txs_kind_check CHECK (kind IN ('disperse_native', 'approve', 'disperse_token')),
  CONSTRAINT faucet_txs_asset_check CHECK (asset IN ('native', 'tUSD', 'tETH')),
  CONSTRAINT faucet_txs_status_check CHECK (status IN ('pending', 'confirmed', 'reverted', 'replaced'))
);
--> statement-breakpoint
CREATE INDEX faucet_txs_status_idx ON faucet_txs (status);
--> statement-breakpoint
CREATE TABLE faucet_payments (
  claim_id uuid NOT NULL,
  asset text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  tx_id bigint,
  attempts integer NOT NULL DEFAULT 0,
  CONSTRAINT faucet_payments_pkey PRIMARY KEY (claim_id, asset),
  CONSTRAINT faucet_payments_claim_id_faucet_claims_id_fk FOREIGN KEY (claim_id) REFERENCES faucet_claims (id) ON DELETE CASCADE,
  CONSTRAINT faucet_payments_tx_id_faucet_txs_id_fk FOREIGN KEY (tx_id) REFERENCES faucet_txs (id),
  CONSTRAINT faucet_payments_asset_check CHECK (asset IN ('native', 'tUSD', 'tETH')),
  CONSTRAINT faucet_payments_status_check CHECK (status IN ('queued', 'sent', 'confirmed', 'failed'))
);
--> statement-breakpoint
CREATE INDEX faucet_payments_status_idx ON faucet_payments (status);
--> statement-breakpoint
CREATE INDEX faucet_payments_tx_id_idx ON faucet_payments (tx_id);

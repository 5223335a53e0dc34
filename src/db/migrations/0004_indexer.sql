-- Chain indexer (issue 4). Mirrors src/db/schema/indexer.ts.
CREATE TABLE chain_events (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  tx_hash text NOT NULL,
  tx_index integer NOT NULL,
  log_index integer NOT NULL,
  kind text NOT NULL,
  contract text,
  token text,
  from_address text,
  to_address text,
  tx_from text NOT NULL,
  tx_to text,
  amount numeric(78, 0),
  args jsonb NOT NULL,
  status text NOT NULL DEFAULT 'success',
  CONSTRAINT chain_events_block_tx_log_unique UNIQUE (block_number, tx_hash, log_index),
  CONSTRAINT chain_events_status_check CHECK (status IN ('success', 'failed'))
);
--> statement-breakpoint
CREATE INDEX chain_events_from_idx ON chain_events (from_address, block_number);
--> statement-breakpoint
CREATE INDEX chain_events_to_idx ON chain_events (to_address, block_number);
--> statement-breakpoint
CREATE INDEX chain_events_tx_from_idx ON chain_events (tx_from, block_number);
--> statement-breakpoint
CREATE INDEX chain_events_tx_hash_idx ON chain_events (tx_hash);
--> statement-breakpoint
CREATE TABLE indexer_blocks (
  number bigint PRIMARY KEY,
  hash text NOT NULL,
  parent_hash text NOT NULL,
  time timestamptz NOT NULL
);
--> statement-breakpoint
CREATE TABLE indexer_cursors (
  name text NOT NULL,
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT indexer_cursors_pkey PRIMARY KEY (name, chain_id)
);

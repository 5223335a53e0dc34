-- Names (issue 16). Mirrors src/db/schema/names.ts.
CREATE TABLE account_names (
  name text PRIMARY KEY,
  skeleton text NOT NULL,
  address text NOT NULL,
  user_id uuid NOT NULL,
  coin_type bigint NOT NULL,
  message text NOT NULL,
  signature text NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_names_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
  CONSTRAINT account_names_skeleton_unique UNIQUE (skeleton),
  CONSTRAINT account_names_address_unique UNIQUE (address),
  CONSTRAINT account_names_name_check CHECK (name ~ '^[a-z0-9](-?[a-z0-9])*$' AND length(name) >= 4),
  CONSTRAINT account_names_address_lower_check CHECK (address = lower(address) AND address ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE INDEX account_names_user_id_idx ON account_names (user_id);
--> statement-breakpoint
CREATE TABLE name_nonces (
  nonce_hash text PRIMARY KEY,
  user_id uuid NOT NULL,
  message text NOT NULL,
  expires_at timestamptz NOT NULL,
  CONSTRAINT name_nonces_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX name_nonces_expires_at_idx ON name_nonces (expires_at);

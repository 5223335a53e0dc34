-- Sign-In With Ethereum, sessions and rate limits (issue 2 §4). Mirrors src/db/schema/auth.ts.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  address text NOT NULL,
  referral_code text NOT NULL,
  referrer_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_address_unique UNIQUE (address),
  CONSTRAINT users_referral_code_unique UNIQUE (referral_code),
  CONSTRAINT users_referrer_id_users_id_fk FOREIGN KEY (referrer_id) REFERENCES users (id) ON DELETE SET NULL,
  CONSTRAINT users_address_lower_check CHECK (address = lower(address) AND address ~ '^0x[0-9a-f]{40}$'),
  CONSTRAINT users_no_self_referral_check CHECK (referrer_id IS NULL OR referrer_id <> id)
);
--> statement-breakpoint
CREATE INDEX users_referrer_id_idx ON users (referrer_id);
--> statement-breakpoint
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
--> statement-breakpoint
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
--> statement-breakpoint
CREATE TABLE siwe_nonces (
  nonce_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX siwe_nonces_expires_at_idx ON siwe_nonces (expires_at);
--> statement-breakpoint
CREATE TABLE rate_limits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 1,
  CONSTRAINT rate_limits_pkey PRIMARY KEY (key, window_start)
);

-- Optional profile email (the wallet modal's DataCapture). Mirrors src/db/schema/profile.ts.
CREATE TABLE profile_emails (
  address text PRIMARY KEY,
  email text NOT NULL,
  verified_at timestamptz,
  token_hash text,
  token_expires_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT profile_emails_address_lower_check CHECK (address = lower(address) AND address ~ '^0x[0-9a-f]{40}$'),
  CONSTRAINT profile_emails_email_length_check CHECK (char_length(email) BETWEEN 3 AND 254)
);
--> statement-breakpoint
CREATE INDEX profile_emails_token_hash_idx ON profile_emails (token_hash);

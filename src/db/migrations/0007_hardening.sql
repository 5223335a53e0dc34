-- Hardening (issue 10): a SIWE nonce counts its failed sign-in attempts and dies at the fifth.
-- Mirrors src/db/schema/auth.ts.
ALTER TABLE siwe_nonces ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;

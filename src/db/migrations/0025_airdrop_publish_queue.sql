-- Airdrop publishing runs in the worker, not in the web request (docs/airdrop.md "Publishing").
-- Mirrors src/db/schema/airdrop.ts. The POST records a request; the worker claims requested rounds
-- under a lease it renews while working, and only the lease's owner renews or releases it.
ALTER TABLE airdrop_rounds ADD COLUMN lease_owner text;
--> statement-breakpoint
ALTER TABLE airdrop_rounds ADD COLUMN publish_requested_at timestamptz;

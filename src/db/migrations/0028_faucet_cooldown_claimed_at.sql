-- The address cooldown is the LIVE faucet.cooldownSeconds counted from the address's last claim, so an
-- operator who raises it stops addresses that claimed under the shorter one too. The row therefore
-- keeps when the claim was made instead of an end fixed at claim time. Mirrors src/db/schema/faucet.ts.
ALTER TABLE faucet_cooldowns ADD COLUMN claimed_at timestamptz;
--> statement-breakpoint
-- The claim and its cooldown row were written in one transaction, so the claim's created_at is exact.
UPDATE faucet_cooldowns c SET claimed_at = fc.created_at FROM faucet_claims fc WHERE fc.id = c.claim_id;
--> statement-breakpoint
-- A row whose claim is gone (its user was deleted; the row outlives it so deleting an account does not
-- reset the cooldown): one default cooldown (86,400 s) before its old end, which keeps that end under
-- the default setting.
UPDATE faucet_cooldowns SET claimed_at = next_allowed_at - interval '86400 seconds' WHERE claimed_at IS NULL;
--> statement-breakpoint
ALTER TABLE faucet_cooldowns ALTER COLUMN claimed_at SET NOT NULL;
--> statement-breakpoint
ALTER TABLE faucet_cooldowns DROP COLUMN next_allowed_at;

-- Support without a wallet (issue 18): tickets opened signed out. Mirrors src/db/schema/content.ts.
-- Such a ticket has no user; it is reached through a private link whose SHA-256 is stored here.
ALTER TABLE support_tickets ALTER COLUMN user_id DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE support_tickets ADD COLUMN access_token_hash text;
--> statement-breakpoint
ALTER TABLE support_tickets ADD CONSTRAINT support_tickets_access_token_hash_unique UNIQUE (access_token_hash);
--> statement-breakpoint
ALTER TABLE support_tickets ADD CONSTRAINT support_tickets_owner_check CHECK ((user_id IS NULL) = (access_token_hash IS NOT NULL));
--> statement-breakpoint
CREATE UNIQUE INDEX support_tickets_public_idempotency_unique ON support_tickets (idempotency_key) WHERE user_id IS NULL;
--> statement-breakpoint
CREATE INDEX support_tickets_public_email_idx ON support_tickets (lower(email)) WHERE user_id IS NULL;
--> statement-breakpoint
ALTER TABLE support_messages ALTER COLUMN author_address DROP NOT NULL;

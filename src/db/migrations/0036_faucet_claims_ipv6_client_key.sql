-- faucet_claims.ip now holds the client key the per-client limit counts (src/server/client-ip.ts
-- clientKey): an IPv4 address as is, an IPv6 address as its /64, since one host can pick any address
-- of its /64 (docs/api.md "Limits"). Older IPv6 rows hold the single address and would not count
-- against the /64 for a whole cooldown window. For IPv6, subnet already holds that same /64 key
-- (subnetOf, unchanged since the column was added), so it is copied rather than computed again in SQL.
-- Rows from before 0013 have no subnet; they are far older than any cooldown window and stay as they are.
UPDATE faucet_claims SET ip = subnet WHERE ip LIKE '%:%' AND subnet IS NOT NULL AND ip <> subnet;
--> statement-breakpoint
-- Sign-ins (integrity's sightings) record the same client key from now on; their IPv6 rows are
-- rewritten alike, so the shared-address signal compares sign-ins and claims by one key.
UPDATE sign_in_events SET ip = subnet WHERE ip LIKE '%:%' AND subnet IS NOT NULL AND ip <> subnet;

-- The sybil job reads only the distinct (address, client, subnet) triples of sign_in_events, but a
-- row was added for every sign-in and never removed: one script signing in again and again within its
-- per-client limit added 43,200 rows a day, and every run of the job scanned them all. One row per
-- triple from now on (the first sighting); the repeats are deleted.
DELETE FROM sign_in_events e USING sign_in_events k
  WHERE e.address = k.address AND e.ip IS NOT DISTINCT FROM k.ip
    AND e.subnet IS NOT DISTINCT FROM k.subnet AND e.id > k.id;
--> statement-breakpoint
ALTER TABLE sign_in_events ADD CONSTRAINT sign_in_events_sighting_key UNIQUE NULLS NOT DISTINCT (address, ip, subnet);
--> statement-breakpoint
-- The constraint's index leads with the address, so the old address index is redundant.
DROP INDEX IF EXISTS sign_in_events_address_idx;

-- The console's support inbox (admin/server/support.ts, inbox) pages newest activity first, by
-- keyset on (updated_at, id): without an index every page read and sorted the whole table.
-- Migrations run in a transaction, so not CONCURRENTLY: a large table is write-locked while it builds.
CREATE INDEX support_tickets_activity_idx ON support_tickets (updated_at DESC, id DESC);

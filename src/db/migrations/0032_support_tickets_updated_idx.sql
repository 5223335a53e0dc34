-- The console's support inbox (admin/server/support.ts, inbox) pages newest activity first, by
-- keyset on (updated_at to the millisecond, id): without an index every page read and sorted the
-- whole table. The key is an expression because the inbox orders by the millisecond (what its
-- cursor carries): an index on the bare (updated_at, id) cannot give that order. It is spelled with
-- date_trunc's time-zone argument because only that form is IMMUTABLE and so indexable (truncating
-- to a millisecond is the same in every zone); the inbox query must use the same spelling for the
-- planner to match it (src/features/admin/support-inbox-index.int.test.ts).
-- Migrations run in a transaction, so not CONCURRENTLY: a large table is write-locked while it builds.
CREATE INDEX support_tickets_activity_idx ON support_tickets (date_trunc('milliseconds', updated_at, 'UTC') DESC, id DESC);

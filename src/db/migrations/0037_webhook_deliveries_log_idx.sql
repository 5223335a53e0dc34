-- The console's delivery log of an endpoint (admin/server/webhooks.ts, deliveriesPage) pages newest
-- first by keyset on (created_at to the millisecond, event_id): without an index every page read and
-- sorted all of the endpoint's deliveries. The key is the query's ORDER BY exactly. date_trunc() of a
-- timestamptz cannot be indexed (it is only STABLE: it depends on the session's time zone), so the
-- query truncates the UTC wall-clock time instead, which is IMMUTABLE and sorts the same.
-- It also serves removing an endpoint (ON DELETE CASCADE looked its deliveries up by a full scan).
-- Migrations run in a transaction, so not CONCURRENTLY: a large table is write-locked while it builds.
CREATE INDEX webhook_deliveries_endpoint_log_idx ON webhook_deliveries
  (endpoint_id, (date_trunc('milliseconds', created_at AT TIME ZONE 'UTC')) DESC, event_id DESC);

-- The explorer's and wallet's activity page (accountActivity) asks, per address column, for the
-- newest transactions in (block_number, tx_index) order below a cursor. With the address followed by
-- both sort columns, each column's branch reads one page of index entries and stops; the old
-- (address, block_number) indexes left the planner walking the whole table newest-first for an
-- address whose activity is old. The new indexes serve every query the old ones did, so those go.
-- On a large PostgreSQL table this migration holds a write lock on chain_events while it builds
-- (migrations run in a transaction, so not CONCURRENTLY): the indexer waits, pages keep reading.
CREATE INDEX chain_events_from_activity_idx ON chain_events (from_address, block_number DESC, tx_index DESC);
--> statement-breakpoint
CREATE INDEX chain_events_to_activity_idx ON chain_events (to_address, block_number DESC, tx_index DESC);
--> statement-breakpoint
CREATE INDEX chain_events_tx_from_activity_idx ON chain_events (tx_from, block_number DESC, tx_index DESC);
--> statement-breakpoint
DROP INDEX chain_events_from_idx;
--> statement-breakpoint
DROP INDEX chain_events_to_idx;
--> statement-breakpoint
DROP INDEX chain_events_tx_from_idx;

-- Airdrop trees as ordered chunks of their JSON text (publish memory; docs/airdrop.md "Publishing").
-- Mirrors src/db/schema/airdrop.ts. Publishing a million-leaf round wrote its ~250 MB dump as ONE
-- value: the whole string plus the driver's copy of it on top of the tree took the job past 2 GB.
-- Chunks are written and served one at a time; their concatenation in `seq` order is the dump.
CREATE TABLE airdrop_tree_chunks (
  round_id uuid NOT NULL CONSTRAINT airdrop_tree_chunks_round_id_airdrop_rounds_id_fk REFERENCES airdrop_rounds(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  body text NOT NULL,
  CONSTRAINT airdrop_tree_chunks_pkey PRIMARY KEY (round_id, seq),
  CONSTRAINT airdrop_tree_chunks_seq_check CHECK (seq >= 0)
);
--> statement-breakpoint
-- Existing dumps, cut into the same 1 MiB pieces the publish job writes (the text is ASCII JSON).
INSERT INTO airdrop_tree_chunks (round_id, seq, body)
SELECT t.round_id, g.seq, substr(t.dump, g.seq * 1048576 + 1, 1048576)
FROM airdrop_trees t, generate_series(0, greatest(length(t.dump) - 1, 0) / 1048576) AS g(seq);
--> statement-breakpoint
DROP TABLE airdrop_trees;

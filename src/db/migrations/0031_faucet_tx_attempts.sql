-- Fee bumps (docs/api.md "Operating the faucet"): a faucet transaction stuck with too low a fee is
-- re-signed with the same nonce and payload and higher fees. Every signed variant is an attempt,
-- recorded before it is broadcast, so settlement can look up the receipt of each of them: whichever
-- got mined pays, and the payments only go back to the queue when none of them did. faucet_txs keeps
-- the nonce, the payload's payments and the status; its hash and raw follow the newest attempt while
-- pending and the mined one once settled. Mirrors src/db/schema/faucet.ts.
CREATE TABLE faucet_tx_attempts (
  id bigserial PRIMARY KEY,
  tx_id bigint NOT NULL,
  hash text NOT NULL,
  raw text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT faucet_tx_attempts_hash_unique UNIQUE (hash),
  CONSTRAINT faucet_tx_attempts_tx_id_faucet_txs_id_fk FOREIGN KEY (tx_id) REFERENCES faucet_txs (id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX faucet_tx_attempts_tx_id_idx ON faucet_tx_attempts (tx_id);
--> statement-breakpoint
-- Every transaction recorded so far was signed once: that signature is its first attempt (its age
-- counts from when it was recorded, so one already stuck is bumped at the sender's next round).
INSERT INTO faucet_tx_attempts (tx_id, hash, raw, created_at) SELECT id, hash, raw, created_at FROM faucet_txs;

-- Airdrop trees as JSON text (issue 13). Mirrors src/db/schema/airdrop.ts.
-- A million-leaf StandardMerkleTree dump is about 250 MB of JSON: over jsonb's 255 MB limit for one
-- value ("total size of jsonb object elements exceeds the maximum"), and served byte for byte anyway.
ALTER TABLE airdrop_trees ALTER COLUMN dump TYPE text USING dump::text;

-- The points tiers a round's allocation used, recorded when it is frozen (docs/airdrop.md "The rule").
-- Mirrors src/db/schema/airdrop.ts. Null while the round is a draft: it uses the tiers in force (the
-- console's points.tiers, else POINTS_TIERS). Rounds frozen before this migration keep null: their
-- tiers were not recorded (each allocation row still holds its recipient's tier and multiplier).
ALTER TABLE airdrop_rounds ADD COLUMN tiers jsonb;

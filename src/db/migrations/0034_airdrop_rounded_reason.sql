-- An eligible participant whose share of a round floors to 0 base units has no leaf (a zero leaf is
-- worthless to claim). The freeze now records them in airdrop_ineligible with their own reason, so
-- /airdrop no longer tells them they had no points (docs/airdrop.md "The rule").
ALTER TABLE airdrop_ineligible DROP CONSTRAINT airdrop_ineligible_reason_check;
ALTER TABLE airdrop_ineligible ADD CONSTRAINT airdrop_ineligible_reason_check
  CHECK (reason IN ('below_minimum', 'excluded', 'rounded_to_zero'));

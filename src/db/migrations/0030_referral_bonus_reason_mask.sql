-- Referral bonus reasons named the friend with 6 + 4 characters (`0x1234…abcd`) while /friends masks
-- friends to 4 + 4 (`0x12••••abcd`) on purpose; new bonuses are written masked (referrals/maths.ts
-- ADDRESS_MASK). Rewrite the ones already in the ledger the same way.
UPDATE points_ledger
SET reason = regexp_replace(
  reason,
  '^Referral bonus: (0x[0-9a-fA-F]{2})[0-9a-fA-F]{2}…([0-9a-fA-F]{4}) — ',
  'Referral bonus: \1••••\2 — '
)
WHERE source = 'referral' AND reason LIKE 'Referral bonus: 0x%…% — %';

-- A users row is no longer only a sign-in: the points import (POST /api/admin/points/import) creates
-- the row of an address that never signed in, so its points wait for it. first_sign_in_at tells the
-- two apart: NULL until the wallet's first real sign-in (SIWE verify), when the referrer is bound.
-- Rows already here keep counting as signed in, from the time they were created.
ALTER TABLE users ADD COLUMN first_sign_in_at timestamptz;
UPDATE users SET first_sign_in_at = created_at;
ALTER TABLE users ALTER COLUMN first_sign_in_at SET DEFAULT now();

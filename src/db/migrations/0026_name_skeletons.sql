-- Names (issue 16): look-alike skeletons recomputed with the expanding rule of
-- src/features/names/rules.ts (nameSkeleton). The old rule shortened from the left (`rn` → `m`,
-- `vv` → `w`), so one reading could get two skeletons (`vvvault` → `wvault`, `vwault` → `vwault`)
-- and the unique index let both in. The new rule maps each character on its own: `m` → `rn`,
-- `w` → `vv`, `0` → `o`, `1` → `l`, `i` → `l`. No replacement produces a character another one
-- replaces, so the replace() chain below gives the same result in any order; it is written in the
-- order of SKELETON_FOLDS in rules.ts. Only runs of three or more `v`/`w` can newly collide.
--
-- Collisions between existing names (two rows now sharing a skeleton): the OLDER registration
-- (earlier registered_at, then the name's order) keeps its name; every newer one is revoked the way
-- an operator revokes (DELETE /api/admin/names/{name}): the row is deleted and the audit log gets
-- `names.revoke` with the address as target and the row as `before`, in this same transaction.
-- The actor is `migration:0026`, `before.name` is the label without the zone (SQL does not know
-- NAMES_ZONE), and `after` says why and which name was kept. Why revoke rather than keep both: the
-- newer name is exactly what the look-alike rule exists to refuse (it was registered while a name
-- that reads the same was taken, the impersonation case), and keeping both would need the skeleton
-- index relaxed (a race guard for every registration) with lookups then finding two rows for one
-- reading. A revoked participant has no name any more and may register another at once (the rename
-- cooldown only applies to an address that has a name). docs/api.md ("Names") says the same.
ALTER TABLE account_names DROP CONSTRAINT account_names_skeleton_unique;
--> statement-breakpoint
UPDATE account_names
SET skeleton = replace(replace(replace(replace(replace(name, 'm', 'rn'), 'w', 'vv'), '0', 'o'), '1', 'l'), 'i', 'l');
--> statement-breakpoint
WITH ranked AS (
  SELECT
    name,
    first_value(name) OVER (PARTITION BY skeleton ORDER BY registered_at, name) AS kept,
    row_number() OVER (PARTITION BY skeleton ORDER BY registered_at, name) AS position
  FROM account_names
),
revoked AS (
  DELETE FROM account_names a
  USING ranked r
  WHERE a.name = r.name AND r.position > 1
  RETURNING a.name, a.address, a.registered_at, r.kept
)
INSERT INTO audit_log (actor, action, target, before, after)
SELECT
  'migration:0026',
  'names.revoke',
  address,
  jsonb_build_object(
    'name', name,
    'address', address,
    'registered_at', floor(extract(epoch FROM registered_at))::bigint
  ),
  jsonb_build_object(
    'reason', 'looks too much like ' || kept || ', registered earlier (look-alike rule fixed, migration 0026)',
    'kept', kept
  )
FROM revoked
ORDER BY registered_at, name;
--> statement-breakpoint
ALTER TABLE account_names ADD CONSTRAINT account_names_skeleton_unique UNIQUE (skeleton);

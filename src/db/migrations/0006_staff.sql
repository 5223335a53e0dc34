-- Operator roles and the append-only audit log. Mirrors src/db/schema/staff.ts.
CREATE TABLE staff_roles (
  address text PRIMARY KEY,
  role text NOT NULL,
  granted_by text NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  CONSTRAINT staff_roles_role_check CHECK (role IN ('admin', 'moderator')),
  CONSTRAINT staff_roles_address_lower_check CHECK (address = lower(address) AND address ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX audit_log_created_at_idx ON audit_log (created_at);
--> statement-breakpoint
CREATE INDEX audit_log_target_idx ON audit_log (target);
--> statement-breakpoint
-- Append-only: the database itself refuses to change or remove history.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

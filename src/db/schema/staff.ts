import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns";

// Operator roles and the audit log (docs/ARCHITECTURE.md, "Roles and audit"). Kept in sync by hand
// with migrations/0006_staff.sql; src/db/schema.int.test.ts fails when the two drift apart.

/**
 * Roles granted in the console. ADMIN_ADDRESSES / MODERATOR_ADDRESSES bootstrap the first operators
 * from the environment; rows here add (or, with `revoked_at`, withdraw) roles at run time.
 */
export const staffRoles = pgTable(
  "staff_roles",
  {
    address: text("address").primaryKey(),
    role: text("role").notNull(),
    grantedBy: text("granted_by").notNull(),
    grantedAt: tstz("granted_at").notNull().defaultNow(),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [
    check("staff_roles_role_check", sql`${t.role} IN ('admin', 'moderator')`),
    check(
      "staff_roles_address_lower_check",
      sql`${t.address} = lower(${t.address}) AND ${t.address} ~ '^0x[0-9a-f]{40}$'`,
    ),
  ],
);

/** Every operator action, append-only: who, what, on what, the state before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt), index("audit_log_target_idx").on(t.target)],
);

import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { tstz } from "./columns";

// Names (issue 16; docs/api.md "Names"). Kept in sync by hand with migrations/0010_names.sql;
// src/db/schema.int.test.ts fails when the two drift apart.

/**
 * One row per address that has a name: its primary (and only) name. Renaming rewrites the row,
 * which releases the old name at once. Uniqueness is the database's job, so of two racing
 * registrations exactly one commits: `name` is the key, `skeleton` (the look-alike key, see
 * src/features/names/rules.ts) is unique, and so is `address` (one name per address).
 */
export const accountNames = pgTable(
  "account_names",
  {
    name: text("name").primaryKey(),
    skeleton: text("skeleton").notNull(),
    address: text("address").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    coinType: bigint("coin_type", { mode: "number" }).notNull(),
    // The signed registration, kept as proof of who asked for the name.
    message: text("message").notNull(),
    signature: text("signature").notNull(),
    registeredAt: tstz("registered_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    unique("account_names_skeleton_unique").on(t.skeleton),
    unique("account_names_address_unique").on(t.address),
    index("account_names_user_id_idx").on(t.userId),
    check("account_names_name_check", sql`${t.name} ~ '^[a-z0-9](-?[a-z0-9])*$' AND length(${t.name}) >= 4`),
    check(
      "account_names_address_lower_check",
      sql`${t.address} = lower(${t.address}) AND ${t.address} ~ '^0x[0-9a-f]{40}$'`,
    ),
  ],
);

/**
 * Issued registration messages (single use, 10 minutes). Only the SHA-256 of the nonce is stored,
 * with the exact message text it was issued in; registering deletes the row, so a replay finds nothing.
 */
export const nameNonces = pgTable(
  "name_nonces",
  {
    nonceHash: text("nonce_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [index("name_nonces_expires_at_idx").on(t.expiresAt)],
);

export type AccountNameRow = typeof accountNames.$inferSelect;

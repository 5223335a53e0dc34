import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { tstz } from "./columns";

// Sign-In With Ethereum, sessions and rate limits (issue 2 §4). Kept in sync by hand with
// migrations/0001_auth.sql; src/db/schema.int.test.ts fails when the two drift apart.

/**
 * One row per wallet that signed in, or that the points import credited before it ever did
 * (`first_sign_in_at` NULL until its first sign-in: migrations/0033_users_first_sign_in.sql).
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Lower-case hex, so equality and the unique index ignore checksum casing.
    address: text("address").notNull(),
    referralCode: text("referral_code").notNull(),
    // Bound once, at the first sign-in (also of an imported row), and never changed afterwards.
    referrerId: uuid("referrer_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
    // NULL for a row the points import created: not a participant until the wallet signs in.
    firstSignInAt: tstz("first_sign_in_at").defaultNow(),
  },
  (t) => [
    unique("users_address_unique").on(t.address),
    unique("users_referral_code_unique").on(t.referralCode),
    index("users_referrer_id_idx").on(t.referrerId),
    check(
      "users_address_lower_check",
      sql`${t.address} = lower(${t.address}) AND ${t.address} ~ '^0x[0-9a-f]{40}$'`,
    ),
    check("users_no_self_referral_check", sql`${t.referrerId} IS NULL OR ${t.referrerId} <> ${t.id}`),
  ],
);

/**
 * A signed-in browser. The cookie holds the random session id; only its SHA-256 is stored, so a
 * leaked database does not yield usable cookies. Signing out deletes the row.
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** Server-issued SIWE nonces (SHA-256 of the nonce); deleted when used, so each works once. */
export const siweNonces = pgTable(
  "siwe_nonces",
  {
    nonceHash: text("nonce_hash").primaryKey(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    // Failed verify attempts with this nonce (migrations/0007_hardening.sql); it dies at MAX_NONCE_FAILURES.
    failedAttempts: integer("failed_attempts").notNull().default(0),
  },
  (t) => [index("siwe_nonces_expires_at_idx").on(t.expiresAt)],
);

/** Fixed-window request counters shared by every web process (see server/rate-limit.ts). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: tstz("window_start").notNull(),
    count: integer("count").notNull().default(1),
  },
  (t) => [primaryKey({ name: "rate_limits_pkey", columns: [t.key, t.windowStart] })],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

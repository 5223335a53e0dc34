import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns";

// Profile email (issue 15, the wallet modal's DataCapture). Kept in sync by hand with
// migrations/0014_profile_email.sql; src/db/schema.int.test.ts fails when the two drift apart.

/**
 * One optional email per address. `verified_at` is set only through the mailed link; the token is
 * stored as its SHA-256 (a database leak does not verify anyone) and expires.
 */
export const profileEmails = pgTable(
  "profile_emails",
  {
    address: text("address").primaryKey(),
    email: text("email").notNull(),
    verifiedAt: tstz("verified_at"),
    tokenHash: text("token_hash"),
    tokenExpiresAt: tstz("token_expires_at"),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "profile_emails_address_lower_check",
      sql`${t.address} = lower(${t.address}) AND ${t.address} ~ '^0x[0-9a-f]{40}$'`,
    ),
    check("profile_emails_email_length_check", sql`char_length(${t.email}) BETWEEN 3 AND 254`),
    index("profile_emails_token_hash_idx").on(t.tokenHash),
  ],
);

import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { tstz } from "./columns";

// Campaign integrity (issue 12). Kept in sync by hand with migrations/0013_integrity.sql;
// src/db/schema.int.test.ts fails when the two drift apart.

/** Solved faucet challenges, kept until they expire: a challenge pays at most once. */
export const faucetPowUsed = pgTable(
  "faucet_pow_used",
  {
    challenge: text("challenge").primaryKey(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [index("faucet_pow_used_expires_at_idx").on(t.expiresAt)],
);

/** Where sign-ins came from (client address and its /24 or /64), once per sighting, for the sybil job. */
export const signInEvents = pgTable(
  "sign_in_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    ip: text("ip"),
    subnet: text("subnet"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  // One row per sighting (migration 0038): the sybil job reads only the distinct triples.
  (t) => [
    unique("sign_in_events_sighting_key").on(t.address, t.ip, t.subnet).nullsNotDistinct(),
    index("sign_in_events_subnet_idx").on(t.subnet),
  ],
);

export const EXCLUSION_CATEGORIES = ["sybil", "bot", "abuse", "other"] as const;
export const EXCLUSION_SOURCES = ["manual", "import", "cluster"] as const;

/**
 * Participants excluded from rewards. Their data stays; the points ledger, referral bonuses, the
 * leaderboard and the airdrop skip them. Restoring deletes the row (the audit log keeps the story).
 */
export const participantExclusions = pgTable(
  "participant_exclusions",
  {
    address: text("address").primaryKey(),
    reasonCategory: text("reason_category", { enum: EXCLUSION_CATEGORIES }).notNull(),
    reason: text("reason").notNull(),
    source: text("source", { enum: EXCLUSION_SOURCES }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("participant_exclusions_address_lower_check", sql`${t.address} ~ '^0x[0-9a-f]{40}$'`),
    check(
      "participant_exclusions_category_check",
      sql`${t.reasonCategory} IN ('sybil', 'bot', 'abuse', 'other')`,
    ),
    check("participant_exclusions_source_check", sql`${t.source} IN ('manual', 'import', 'cluster')`),
  ],
);

/** One open appeal per excluded address: the support ticket it opened. */
export const exclusionAppeals = pgTable("exclusion_appeals", {
  address: text("address").primaryKey(),
  ticketId: text("ticket_id").notNull(),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

/** A group of participants the sybil job found together, with its evidence (tx hashes). */
export const sybilClusters = pgTable(
  "sybil_clusters",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    status: text("status", { enum: ["open", "confirmed", "dismissed"] })
      .notNull()
      .default("open"),
    score: integer("score").notNull(),
    size: integer("size").notNull(),
    evidence: jsonb("evidence").$type<string[]>().notNull(),
    decidedBy: text("decided_by"),
    decidedAt: tstz("decided_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    unique("sybil_clusters_kind_key_unique").on(t.kind, t.key),
    index("sybil_clusters_status_score_idx").on(t.status, t.score),
    check("sybil_clusters_status_check", sql`${t.status} IN ('open', 'confirmed', 'dismissed')`),
  ],
);

export const sybilClusterMembers = pgTable(
  "sybil_cluster_members",
  {
    clusterId: bigint("cluster_id", { mode: "number" })
      .notNull()
      .references(() => sybilClusters.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
  },
  (t) => [
    primaryKey({ name: "sybil_cluster_members_pkey", columns: [t.clusterId, t.address] }),
    index("sybil_cluster_members_address_idx").on(t.address),
  ],
);

/** Each participant's latest score (0–100) and the reasons behind it. */
export const sybilScores = pgTable(
  "sybil_scores",
  {
    address: text("address").primaryKey(),
    score: integer("score").notNull(),
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("sybil_scores_score_idx").on(t.score)],
);

/** The sybil job's cursors (last chain event / claim / sign-in id it has seen). */
export const sybilState = pgTable("sybil_state", {
  key: text("key").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull(),
});

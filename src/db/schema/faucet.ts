import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { tstz } from "./columns";

// Faucet claims, their per-asset payments and the sender's transactions (issue 4). Kept in sync by
// hand with migrations/0003_faucet.sql (0028 for the cooldown's claimed_at, 0031 for the attempts).

/**
 * One row per address: when its last claim was made. Its cooldown ends `faucet.cooldownSeconds` (the
 * live setting, not the one at claim time) later. The claim transaction inserts or advances this row
 * only when that end has passed, so concurrent claims of one address cannot both succeed.
 */
export const faucetCooldowns = pgTable(
  "faucet_cooldowns",
  {
    address: text("address").primaryKey(),
    claimedAt: tstz("claimed_at").notNull(),
    claimId: uuid("claim_id").notNull(),
  },
  (t) => [check("faucet_cooldowns_address_lower_check", sql`${t.address} ~ '^0x[0-9a-f]{40}$'`)],
);

/** A participant's request for the drip; its status follows its payments. */
export const faucetClaims = pgTable(
  "faucet_claims",
  {
    id: uuid("id").primaryKey(),
    // Queue order (FIFO) and the basis of the queue position shown to the participant.
    seq: bigserial("seq", { mode: "number" }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    ip: text("ip"),
    // The client's /24 or /64 (added by migrations/0013_integrity.sql) for the per-network limit.
    subnet: text("subnet"),
    status: text("status", { enum: ["queued", "sent", "confirmed", "failed"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    unique("faucet_claims_seq_unique").on(t.seq),
    index("faucet_claims_status_seq_idx").on(t.status, t.seq),
    index("faucet_claims_address_created_at_idx").on(t.address, t.createdAt),
    index("faucet_claims_ip_created_at_idx").on(t.ip, t.createdAt),
    index("faucet_claims_subnet_created_at_idx").on(t.subnet, t.createdAt),
    index("faucet_claims_user_id_idx").on(t.userId),
    check("faucet_claims_address_lower_check", sql`${t.address} ~ '^0x[0-9a-f]{40}$'`),
    check("faucet_claims_status_check", sql`${t.status} IN ('queued', 'sent', 'confirmed', 'failed')`),
  ],
);

/**
 * A transaction signed by the faucet account: one nonce and one payload. Recorded (with its raw
 * bytes) before it is broadcast, so after a crash the same signed transaction can be sent again: one
 * nonce can pay only once. `hash`/`raw` are those of the newest attempt while pending and of the
 * mined one once settled (what the claim pages show); every variant is in `faucet_tx_attempts`.
 */
export const faucetTxs = pgTable(
  "faucet_txs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fromAddress: text("from_address").notNull(),
    nonce: bigint("nonce", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
    raw: text("raw").notNull(),
    kind: text("kind", { enum: ["disperse_native", "approve", "disperse_token"] }).notNull(),
    asset: text("asset", { enum: ["native", "tUSD", "tETH"] }).notNull(),
    // pending: not known to be mined; confirmed/reverted: mined; replaced: its nonce was used by another transaction.
    status: text("status", { enum: ["pending", "confirmed", "reverted", "replaced"] })
      .notNull()
      .default("pending"),
    blockNumber: bigint("block_number", { mode: "number" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    unique("faucet_txs_hash_unique").on(t.hash),
    unique("faucet_txs_from_address_nonce_unique").on(t.fromAddress, t.nonce),
    index("faucet_txs_status_idx").on(t.status),
    check("faucet_txs_kind_check", sql`${t.kind} IN ('disperse_native', 'approve', 'disperse_token')`),
    check("faucet_txs_asset_check", sql`${t.asset} IN ('native', 'tUSD', 'tETH')`),
    check("faucet_txs_status_check", sql`${t.status} IN ('pending', 'confirmed', 'reverted', 'replaced')`),
  ],
);

/**
 * One signed variant of a faucet transaction: same nonce and payload, its own fees (a fee bump adds
 * one). Recorded before it is broadcast, so whichever variant gets mined is found by its receipt.
 */
export const faucetTxAttempts = pgTable(
  "faucet_tx_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    txId: bigint("tx_id", { mode: "number" })
      .notNull()
      .references(() => faucetTxs.id, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
    raw: text("raw").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("faucet_tx_attempts_hash_unique").on(t.hash),
    index("faucet_tx_attempts_tx_id_idx").on(t.txId),
  ],
);

/** One asset of one claim. It belongs to at most one live transaction at a time (`tx_id`). */
export const faucetPayments = pgTable(
  "faucet_payments",
  {
    claimId: uuid("claim_id")
      .notNull()
      .references(() => faucetClaims.id, { onDelete: "cascade" }),
    asset: text("asset", { enum: ["native", "tUSD", "tETH"] }).notNull(),
    // Base units, fixed when the claim is made.
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    status: text("status", { enum: ["queued", "sent", "confirmed", "failed"] })
      .notNull()
      .default("queued"),
    txId: bigint("tx_id", { mode: "number" }).references(() => faucetTxs.id),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "faucet_payments_pkey", columns: [t.claimId, t.asset] }),
    index("faucet_payments_status_idx").on(t.status),
    index("faucet_payments_tx_id_idx").on(t.txId),
    check("faucet_payments_asset_check", sql`${t.asset} IN ('native', 'tUSD', 'tETH')`),
    check("faucet_payments_status_check", sql`${t.status} IN ('queued', 'sent', 'confirmed', 'failed')`),
  ],
);

export type FaucetClaimRow = typeof faucetClaims.$inferSelect;
export type FaucetTxRow = typeof faucetTxs.$inferSelect;
export type FaucetTxAttemptRow = typeof faucetTxAttempts.$inferSelect;
export type FaucetPaymentRow = typeof faucetPayments.$inferSelect;

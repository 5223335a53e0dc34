import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { tstz } from "./columns";

// Airdrop rounds (issue 13). Kept in sync by hand with migrations/0011_airdrop.sql, 0022, 0024, 0025,
// 0027 and 0034; src/db/schema.int.test.ts fails when the two drift apart.

const uint = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * One round. `status` is the publish state machine (docs/airdrop.md): draft → frozen (rows, tree
 * and proofs stored) → deployed → funded → published; each step is idempotent and resumable.
 */
export const airdropRounds = pgTable(
  "airdrop_rounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // `deploy`: publishing deploys a fresh TestToken; `existing`: `token_address` is a given ERC-20.
    tokenMode: text("token_mode").notNull(),
    tokenAddress: text("token_address"),
    tokenSymbol: text("token_symbol"),
    tokenDecimals: integer("token_decimals"),
    totalAmount: uint("total_amount").notNull(),
    snapshotAt: tstz("snapshot_at").notNull(),
    minPoints: bigint("min_points", { mode: "number" }).notNull(),
    capPerAddress: uint("cap_per_address"),
    // Tier name → multiplier in basis points (10000 = 1x).
    tierMultipliers: jsonb("tier_multipliers").$type<Record<string, number>>().notNull(),
    // The points tiers (name, min points; increasing) the allocation used, recorded at the freeze so a
    // later change of the console's tiers leaves a frozen round alone; null while a draft (0027).
    tiers: jsonb("tiers").$type<{ name: string; min: number }[]>(),
    opensAt: tstz("opens_at").notNull(),
    deadline: tstz("deadline").notNull(),
    status: text("status").notNull().default("draft"),
    merkleRoot: text("merkle_root"),
    recipients: integer("recipients"),
    distributorAddress: text("distributor_address"),
    distributorBlock: bigint("distributor_block", { mode: "number" }),
    // Set while a publish or sweep job holds the round (a lease, so a crashed job does not block it forever).
    leaseUntil: tstz("lease_until"),
    // Which job holds the lease: only that job renews or releases it (publish.ts, lease heartbeat).
    leaseOwner: text("lease_owner"),
    // Set by the operator's POST …/publish, cleared when the job ends: the airdrop worker's queue.
    publishRequestedAt: tstz("publish_requested_at"),
    lastError: text("last_error"),
    createdBy: text("created_by").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    publishedAt: tstz("published_at"),
    sweptAt: tstz("swept_at"),
    sweptAmount: uint("swept_amount"),
  },
  (t) => [
    check(
      "airdrop_rounds_status_check",
      sql`${t.status} IN ('draft', 'frozen', 'deployed', 'funded', 'published')`,
    ),
    check("airdrop_rounds_token_mode_check", sql`${t.tokenMode} IN ('deploy', 'existing')`),
    check("airdrop_rounds_window_check", sql`${t.opensAt} < ${t.deadline}`),
    check("airdrop_rounds_total_check", sql`${t.totalAmount} > 0`),
  ],
);

/** The frozen allocation: one leaf per recipient with its proof (stored so a lookup is one row read). */
export const airdropAllocations = pgTable(
  "airdrop_allocations",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => airdropRounds.id, { onDelete: "cascade" }),
    index: integer("index").notNull(),
    address: text("address").notNull(),
    amount: uint("amount").notNull(),
    points: bigint("points", { mode: "number" }).notNull(),
    tier: text("tier").notNull(),
    multiplierBps: integer("multiplier_bps").notNull(),
    capped: integer("capped").notNull().default(0),
    proof: jsonb("proof").$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ name: "airdrop_allocations_pkey", columns: [t.roundId, t.index] }),
    unique("airdrop_allocations_round_address_unique").on(t.roundId, t.address),
  ],
);

/**
 * Participants with points at the snapshot who got nothing, and why (the checker answers "why not"):
 * `rounded_to_zero` (0034) is eligible but with a share under one base unit.
 */
export const airdropIneligible = pgTable(
  "airdrop_ineligible",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => airdropRounds.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    points: bigint("points", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
  },
  (t) => [
    primaryKey({ name: "airdrop_ineligible_pkey", columns: [t.roundId, t.address] }),
    check(
      "airdrop_ineligible_reason_check",
      sql`${t.reason} IN ('below_minimum', 'excluded', 'rounded_to_zero')`,
    ),
  ],
);

/**
 * The tree in `StandardMerkleTree.dump()` format, as the JSON text tree.json serves byte for byte,
 * cut into ordered chunks (migration 0024): their concatenation in `seq` order is the dump. A
 * million-leaf dump is ~250 MB: over jsonb's limit (0022 made it text), and as one value it cost the
 * publish job the whole string plus the driver's copy of it; chunks are written and served one at a time.
 */
export const airdropTreeChunks = pgTable(
  "airdrop_tree_chunks",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => airdropRounds.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    body: text("body").notNull(),
  },
  (t) => [
    primaryKey({ name: "airdrop_tree_chunks_pkey", columns: [t.roundId, t.seq] }),
    check("airdrop_tree_chunks_seq_check", sql`${t.seq} >= 0`),
  ],
);

/**
 * Every transaction a publish or sweep job sends, signed and recorded BEFORE it is broadcast: a retry
 * re-broadcasts the same signed bytes (same hash), so a crash never makes it send a second one.
 */
export const airdropTxs = pgTable(
  "airdrop_txs",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => airdropRounds.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    hash: text("hash").notNull(),
    raw: text("raw").notNull(),
    nonce: integer("nonce").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    minedBlock: bigint("mined_block", { mode: "number" }),
  },
  (t) => [
    primaryKey({ name: "airdrop_txs_pkey", columns: [t.roundId, t.kind] }),
    check("airdrop_txs_kind_check", sql`${t.kind} IN ('token', 'deploy', 'fund', 'sweep')`),
    index("airdrop_txs_hash_idx").on(t.hash),
  ],
);

export type AirdropRoundRow = typeof airdropRounds.$inferSelect;
export type AirdropAllocationRow = typeof airdropAllocations.$inferSelect;

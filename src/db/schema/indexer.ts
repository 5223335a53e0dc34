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
} from "drizzle-orm/pg-core";
import { tstz } from "./columns";

// Chain indexer (issue 4 "Indexer"). Kept in sync by hand with migrations/0004_indexer.sql.

const blockNumber = (name: string) => bigint(name, { mode: "number" });

/**
 * One decoded chain event: a log of one of our contracts, a plain native transfer to/from a
 * participant (log_index -1) or one recipient of a native Disperse payout (log_index -2 - i,
 * because those payouts emit no per-recipient log). Addresses are lower-case hex.
 */
export const chainEvents = pgTable(
  "chain_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    blockNumber: blockNumber("block_number").notNull(),
    blockHash: text("block_hash").notNull(),
    blockTime: tstz("block_time").notNull(),
    txHash: text("tx_hash").notNull(),
    txIndex: integer("tx_index").notNull(),
    logIndex: integer("log_index").notNull(),
    kind: text("kind").notNull(),
    // The emitting contract; null for native transfers.
    contract: text("contract"),
    // The moved asset: token contract, or null for the native coin.
    token: text("token"),
    fromAddress: text("from_address"),
    toAddress: text("to_address"),
    // Whoever signed the transaction (swaps name the router as sender; the user is the tx sender).
    txFrom: text("tx_from").notNull(),
    txTo: text("tx_to"),
    // Base units; numeric(78,0) holds any uint256.
    amount: numeric("amount", { precision: 78, scale: 0 }),
    // Every decoded argument, big integers as decimal strings.
    args: jsonb("args").$type<Record<string, string | number | boolean>>().notNull(),
    status: text("status").notNull().default("success"),
  },
  (t) => [
    unique("chain_events_block_tx_log_unique").on(t.blockNumber, t.txHash, t.logIndex),
    // Migration 0029: the activity page's per-column "newest transactions below a cursor" branches.
    index("chain_events_from_activity_idx").on(t.fromAddress, t.blockNumber.desc(), t.txIndex.desc()),
    index("chain_events_to_activity_idx").on(t.toAddress, t.blockNumber.desc(), t.txIndex.desc()),
    index("chain_events_tx_from_activity_idx").on(t.txFrom, t.blockNumber.desc(), t.txIndex.desc()),
    index("chain_events_tx_hash_idx").on(t.txHash),
    check("chain_events_status_check", sql`${t.status} IN ('success', 'failed')`),
  ],
);

/** Recently indexed block headers: the reorg check compares the next block's parent hash with these. */
export const indexerBlocks = pgTable("indexer_blocks", {
  number: blockNumber("number").primaryKey(),
  hash: text("hash").notNull(),
  parentHash: text("parent_hash").notNull(),
  time: tstz("time").notNull(),
});

/** Where each indexer stopped: the last fully indexed block. */
export const indexerCursors = pgTable(
  "indexer_cursors",
  {
    name: text("name").notNull(),
    chainId: integer("chain_id").notNull(),
    blockNumber: blockNumber("block_number").notNull(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "indexer_cursors_pkey", columns: [t.name, t.chainId] })],
);

export type ChainEventRow = typeof chainEvents.$inferSelect;
export type NewChainEvent = typeof chainEvents.$inferInsert;

import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { tstz } from "./columns";

// Tasks, the points ledger and its maintained totals (issue 6). Kept in sync by hand with
// migrations/0005_campaign.sql (+ 0020_tasks.sql: weekly recurrence, hints); src/db/schema.int.test.ts fails when the two drift apart.

/** The operator's tasks, seeded from content/tasks.yaml (upsert by id). */
export const tasks = pgTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: text("type").notNull(),
    // Type-specific parameters, validated by the type's zod schema when seeded and when read.
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    points: integer("points").notNull(),
    repeat: text("repeat", { enum: ["once", "daily", "weekly"] }).notNull(),
    // How to do it with what the faucet gives (issue 18); shown on the participant's card.
    hint: text("hint"),
    startsAt: tstz("starts_at"),
    endsAt: tstz("ends_at"),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("tasks_points_check", sql`${t.points} > 0`),
    check("tasks_repeat_check", sql`${t.repeat} IN ('once', 'daily', 'weekly')`),
    check("tasks_hint_check", sql`char_length(${t.hint}) <= 300`),
  ],
);

/**
 * Append-only: every credit (task, referral bonus, adjustment) is one row whose `source_key` is
 * unique, so racing requests credit it exactly once. Balances are sums; never update or delete.
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    points: integer("points").notNull(),
    reason: text("reason").notNull(),
    source: text("source", { enum: ["task", "referral", "adjustment"] }).notNull(),
    sourceKey: text("source_key").notNull(),
    // The task of a task credit (and of the friend's credit behind a referral bonus).
    taskId: text("task_id"),
    // A referral bonus: the friend whose task credit it is a share of.
    friendId: uuid("friend_id").references(() => users.id, { onDelete: "set null" }),
    // A task credit for an on-chain task: unlocks the referrer's bonus.
    onchain: boolean("onchain").notNull().default(false),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("points_ledger_source_key_unique").on(t.sourceKey),
    index("points_ledger_user_id_id_idx").on(t.userId, t.id),
    index("points_ledger_friend_id_idx").on(t.friendId),
    index("points_ledger_task_user_idx").on(t.taskId, t.userId).where(sql`${t.source} = 'task'`),
    check("points_ledger_source_check", sql`${t.source} IN ('task', 'referral', 'adjustment')`),
    check("points_ledger_points_check", sql`${t.source} = 'adjustment' OR ${t.points} > 0`),
  ],
);

/**
 * Each user's total, maintained in the same statement as the ledger insert, so rank is an index
 * range count instead of a sum over the whole ledger. `updated_at` is when the total was reached.
 */
export const pointsTotals = pgTable(
  "points_totals",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    total: bigint("total", { mode: "number" }).notNull(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("points_totals_rank_idx").on(t.total.desc(), t.updatedAt, t.userId),
    check("points_totals_total_check", sql`${t.total} >= 0`),
  ],
);

export type TaskRow = typeof tasks.$inferSelect;
export type PointsLedgerRow = typeof pointsLedger.$inferSelect;

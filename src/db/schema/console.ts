import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { tstz } from "./columns";
import { supportTickets } from "./content";

// Operator console (issue 14). Kept in sync by hand with migrations/0012_console.sql;
// src/db/schema.int.test.ts fails when the two drift apart.

/** Run-time settings changed in the console; the environment is the default (src/features/admin/server/settings.ts). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

/** First-party analytics (POST /api/events). No IP address is ever stored. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    // A random id the browser keeps in localStorage; not derived from anything about the person.
    clientId: text("client_id").notNull(),
    userId: uuid("user_id"),
    path: text("path"),
    props: jsonb("props"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("analytics_events_name_created_idx").on(t.name, t.createdAt, t.clientId),
    index("analytics_events_created_idx").on(t.createdAt),
  ],
);

/** Seeded rows an operator edited in the console: from then on the database, not content/, is the source of truth. */
export const consoleEdits = pgTable(
  "console_edits",
  {
    kind: text("kind", { enum: ["task", "news", "faq"] }).notNull(),
    id: text("id").notNull(),
    editedBy: text("edited_by").notNull(),
    editedAt: tstz("edited_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "console_edits_pkey", columns: [t.kind, t.id] }),
    check("console_edits_kind_check", sql`${t.kind} IN ('task', 'news', 'faq')`),
  ],
);

/** Which operator a support ticket is assigned to (one at most). */
export const supportAssignments = pgTable("support_assignments", {
  ticketId: uuid("ticket_id")
    .primaryKey()
    .references(() => supportTickets.id, { onDelete: "cascade" }),
  assignee: text("assignee").notNull(),
  assignedAt: tstz("assigned_at").notNull().defaultNow(),
});

/** Daily rollups of the overview: closed UTC days only (migrations/0018_rollups.sql). */
export const consoleDaily = pgTable(
  "console_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric", {
      enum: ["new_participants", "sign_ins", "faucet_outflow", "completions", "first_onchain_task"],
    }).notNull(),
    key: text("key").notNull(),
    value: numeric("value", { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    primaryKey({ name: "console_daily_pkey", columns: [t.metric, t.day, t.key] }),
    check(
      "console_daily_metric_check",
      sql`${t.metric} IN ('new_participants', 'sign_ins', 'faucet_outflow', 'completions', 'first_onchain_task')`,
    ),
  ],
);

/** The (metric, day) pairs whose rollup rows are complete (a quiet day has none but is done). */
export const consoleDailyDays = pgTable(
  "console_daily_days",
  {
    metric: text("metric").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    computedAt: tstz("computed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "console_daily_days_pkey", columns: [t.metric, t.day] })],
);

/** Funnel steps: the UTC days (since 2000-01-01) each actor was seen (migrations/0018_rollups.sql). */
export const consoleActorDays = pgTable(
  "console_actor_days",
  {
    step: text("step", { enum: ["visit", "connect", "sign-in", "faucet"] }).notNull(),
    actor: text("actor").notNull(),
    days: integer("days").array().notNull(),
  },
  (t) => [
    primaryKey({ name: "console_actor_days_pkey", columns: [t.step, t.actor] }),
    check("console_actor_days_step_check", sql`${t.step} IN ('visit', 'connect', 'sign-in', 'faucet')`),
  ],
);

/** How far each funnel step has been folded into console_actor_days. */
export const consoleActorFold = pgTable("console_actor_fold", {
  step: text("step").primaryKey(),
  through: tstz("through").notNull(),
});

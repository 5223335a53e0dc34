import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
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

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

// News, FAQ and support tables (issue 7). Kept in sync by hand with migrations/0002_content.sql.

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** One row per `content/news/<file>.md`; the file is the source of truth until the operator console exists. */
export const newsArticles = pgTable(
  "news_articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    coverImage: text("cover_image"),
    coverAlt: text("cover_alt"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }).notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    bodyHtml: text("body_html").notNull(),
    readingMinutes: integer("reading_minutes").notNull(),
    // A file removed from content/ is unpublished, not deleted: reads and task history stay valid.
    published: boolean("published").notNull().default(true),
    sourceHash: text("source_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("news_articles_slug_unique").on(t.slug),
    index("news_articles_published_at_idx").on(t.published, t.publishedAt),
  ],
);

/** First time a user opened an article; the "read an article" task checks this. */
export const newsReads = pgTable(
  "news_reads",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    articleId: uuid("article_id")
      .notNull()
      .references(() => newsArticles.id, { onDelete: "cascade" }),
    firstReadAt: timestamp("first_read_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "news_reads_pkey", columns: [t.userId, t.articleId] })],
);

/** One row per question in `content/faq.md`; sections are denormalised (few rows, read together). */
export const faqEntries = pgTable(
  "faq_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    sectionTitle: text("section_title").notNull(),
    sectionSlug: text("section_slug").notNull(),
    position: integer("position").notNull(),
    question: text("question").notNull(),
    answerMarkdown: text("answer_markdown").notNull(),
    answerHtml: text("answer_html").notNull(),
    // Plain text of the answer, for search without shipping Markdown to the client.
    answerText: text("answer_text").notNull(),
    published: boolean("published").notNull().default(true),
    sourceHash: text("source_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("faq_entries_slug_unique").on(t.slug),
    index("faq_entries_position_idx").on(t.published, t.position),
  ],
);

export const SUPPORT_CATEGORIES = ["wallet", "faucet", "swap", "stake", "points", "other"] as const;
export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export const MESSAGE_AUTHORS = ["user", "staff"] as const;

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null for a ticket opened signed out (issue 18, migrations/0016_public_support.sql): it is
    // reached through its private link, whose SHA-256 is access_token_hash.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    category: text("category", { enum: SUPPORT_CATEGORIES }).notNull(),
    subject: text("subject").notNull(),
    txHash: text("tx_hash"),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
    // The client's Idempotency-Key: a retried or double-clicked submit finds the first ticket.
    idempotencyKey: text("idempotency_key").notNull(),
    accessTokenHash: text("access_token_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("support_tickets_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("support_tickets_user_created_idx").on(t.userId, t.createdAt),
    // The support inbox's keyset order (migrations/0032_support_tickets_updated_idx.sql).
    index("support_tickets_activity_idx").on(t.updatedAt.desc(), t.id.desc()),
    unique("support_tickets_access_token_hash_unique").on(t.accessTokenHash),
    // Signed-out tickets have no user to scope the key: the key alone is unique among them.
    uniqueIndex("support_tickets_public_idempotency_unique")
      .on(t.idempotencyKey)
      .where(sql`${t.userId} IS NULL`),
    index("support_tickets_public_email_idx").on(sql`lower(${t.email})`).where(sql`${t.userId} IS NULL`),
    check("support_tickets_owner_check", sql`(${t.userId} IS NULL) = (${t.accessTokenHash} IS NOT NULL)`),
    check(
      "support_tickets_category_check",
      sql`${t.category} IN ('wallet', 'faucet', 'swap', 'stake', 'points', 'other')`,
    ),
    check("support_tickets_status_check", sql`${t.status} IN ('open', 'answered', 'closed')`),
  ],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    author: text("author", { enum: MESSAGE_AUTHORS }).notNull(),
    // Null for a message written through a signed-out ticket's private link.
    authorAddress: text("author_address"),
    body: text("body").notNull(),
    // Optional for replies; the first message of a ticket is covered by the ticket's own key.
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("support_messages_ticket_idempotency_unique").on(t.ticketId, t.idempotencyKey),
    index("support_messages_ticket_created_idx").on(t.ticketId, t.createdAt),
    check("support_messages_author_check", sql`${t.author} IN ('user', 'staff')`),
  ],
);

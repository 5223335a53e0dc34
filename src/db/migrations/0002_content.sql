-- News, FAQ and support (issue 7). Mirrors src/db/schema/content.ts.
CREATE TABLE news_articles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  cover_image text,
  cover_alt text,
  tags text[] NOT NULL DEFAULT '{}'::text[],
  published_at timestamptz NOT NULL,
  body_markdown text NOT NULL,
  body_html text NOT NULL,
  reading_minutes integer NOT NULL,
  published boolean NOT NULL DEFAULT true,
  source_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT news_articles_slug_unique UNIQUE (slug)
);
--> statement-breakpoint
CREATE INDEX news_articles_published_at_idx ON news_articles (published, published_at);
--> statement-breakpoint
CREATE TABLE news_reads (
  user_id uuid NOT NULL,
  article_id uuid NOT NULL,
  first_read_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT news_reads_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
  CONSTRAINT news_reads_article_id_news_articles_id_fk FOREIGN KEY (article_id) REFERENCES news_articles (id) ON DELETE CASCADE,
  CONSTRAINT news_reads_pkey PRIMARY KEY (user_id, article_id)
);
--> statement-breakpoint
CREATE TABLE faq_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL,
  section_title text NOT NULL,
  section_slug text NOT NULL,
  position integer NOT NULL,
  question text NOT NULL,
  answer_markdown text NOT NULL,
  answer_html text NOT NULL,
  answer_text text NOT NULL,
  published boolean NOT NULL DEFAULT true,
  source_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT faq_entries_slug_unique UNIQUE (slug)
);
--> statement-breakpoint
CREATE INDEX faq_entries_position_idx ON faq_entries (published, position);
--> statement-breakpoint
CREATE TABLE support_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  email text NOT NULL,
  category text NOT NULL,
  subject text NOT NULL,
  tx_hash text,
  status text NOT NULL DEFAULT 'open',
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT support_tickets_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
  CONSTRAINT support_tickets_user_idempotency_unique UNIQUE (user_id, idempotency_key),
  CONSTRAINT support_tickets_category_check CHECK (category IN ('wallet', 'faucet', 'swap', 'stake', 'points', 'other')),
  CONSTRAINT support_tickets_status_check CHECK (status IN ('open', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE INDEX support_tickets_user_created_idx ON support_tickets (user_id, created_at);
--> statement-breakpoint
CREATE TABLE support_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id uuid NOT NULL,
  author text NOT NULL,
  author_address text NOT NULL,
  body text NOT NULL,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT support_messages_ticket_id_support_tickets_id_fk FOREIGN KEY (ticket_id) REFERENCES support_tickets (id) ON DELETE CASCADE,
  CONSTRAINT support_messages_ticket_idempotency_unique UNIQUE (ticket_id, idempotency_key),
  CONSTRAINT support_messages_author_check CHECK (author IN ('user', 'staff'))
);
--> statement-breakpoint
CREATE INDEX support_messages_ticket_created_idx ON support_messages (ticket_id, created_at);

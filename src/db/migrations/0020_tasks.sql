-- Weekly recurrence (issue 14) and per-task hints (issue 18). Mirrors src/db/schema/campaign.ts.
ALTER TABLE tasks DROP CONSTRAINT tasks_repeat_check;
--> statement-breakpoint
ALTER TABLE tasks ADD CONSTRAINT tasks_repeat_check CHECK (repeat IN ('once', 'daily', 'weekly'));
--> statement-breakpoint
ALTER TABLE tasks ADD COLUMN hint text;
--> statement-breakpoint
ALTER TABLE tasks ADD CONSTRAINT tasks_hint_check CHECK (char_length(hint) <= 300);

import type { Db } from "../src/db/client";
import { seedFaq } from "../src/features/faq/server/seed";
import { seedNews } from "../src/features/news/server/seed";
import { seedTasks } from "../src/features/tasks/server/seed";

/**
 * Seeds operator content (news, FAQ, tasks) from `content/` into the database. Every seeder is an
 * idempotent upsert, so this runs on every start and an edited file updates its rows.
 */
export async function seedAll(db: Db): Promise<Record<string, unknown>> {
  return {
    news: await seedNews(db),
    faq: await seedFaq(db),
    tasks: await seedTasks(db),
  };
}

import type { Db } from "../src/db/client";

/**
 * Seeds operator content (news, FAQ, tasks) from `content/` into the database. Every seeder is an
 * idempotent upsert, so this runs on every start.
 */
export async function seedAll(_db: Db): Promise<void> {}

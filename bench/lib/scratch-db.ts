import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A throw-away database on the PostgreSQL server of BENCH_DATABASE_URL, so a bench never touches
 * data it did not make: `url` to open it, `drop()` to remove it (forcibly, even with open sessions).
 */
export async function scratchDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

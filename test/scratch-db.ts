import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A throw-away database on a PostgreSQL server (TEST_DATABASE_URL in the tests, BENCH_DATABASE_URL
 * in the benches), so nothing touches data it did not make: `url` to open it, `drop()` to remove it
 * (forcibly, even with open sessions), or `keep()` to leave it, named `name`, for study.
 */
export type ScratchDatabase = {
  name: string;
  url: string;
  drop: () => Promise<void>;
  keep: () => Promise<void>;
};

export async function scratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
    keep: () => admin.end(),
  };
}

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * Counts the SQL statements sent to PGlite or PostgreSQL while `fn` runs (queries per request,
 * issue 11: PGlite costs about 0.5 ms of web-process CPU per query, docs/ARCHITECTURE.md "Caching").
 * Patches the drivers' `query` for the duration, so run nothing else concurrently.
 */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const pgliteQuery = PGlite.prototype.query;
  const pgQuery = pg.Client.prototype.query;
  PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite["query"]>) {
    queries++;
    return pgliteQuery.apply(this, args);
  } as PGlite["query"];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    queries++;
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  try {
    return { result: await fn(), queries };
  } finally {
    PGlite.prototype.query = pgliteQuery;
    pg.Client.prototype.query = pgQuery;
  }
}

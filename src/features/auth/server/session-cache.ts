import { LRUCache } from "lru-cache";
import { type Db, isPgliteDb } from "@/db/client";
import { processState } from "@/server/process-state";

/**
 * In-process cache of live session rows (docs/ARCHITECTURE.md, "Caching"). Every page and every
 * signed-in API read looks its session up; on PGlite that query ran inside the web process on each
 * request. A PGlite database belongs to exactly one process, and every session write of the app goes
 * through `sessions.ts`, which calls `forgetSessions` after it: so a cached row is exact there, and
 * a logout or "sign out everywhere" is refused on the very next request.
 *
 * PostgreSQL is shared by several web processes (test/scale-out.ts: a logout on one is refused on
 * the other at once), and this process cannot see the others' deletes: nothing is cached there.
 *
 * Bound: SESSION_CACHE_MAX rows per database; a row is kept at most SESSION_CACHE_TTL_MS and never
 * past its own `expiresAt`. A change made behind the app's back (SQL by hand) is seen within the TTL.
 * Process-wide (`processState`): the sign-out route must clear what the pages read, and Next
 * bundles them separately.
 */
const SESSION_CACHE_MAX = 10_000;
const SESSION_CACHE_TTL_MS = 60_000;

export type CachedSessionRow = { userId: string; address: string; expiresAt: Date };

const caches = processState(
  "auth.session-cache",
  () => new WeakMap<Db, LRUCache<string, CachedSessionRow>>(),
);

function cacheFor(db: Db): LRUCache<string, CachedSessionRow> | null {
  if (!isPgliteDb(db)) return null;
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: SESSION_CACHE_MAX, ttl: SESSION_CACHE_TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

/** The cached live row of a session id hash, or undefined (not cached, expired, or not cacheable). */
export function cachedSession(db: Db, idHash: string, now = Date.now()): CachedSessionRow | undefined {
  const cache = cacheFor(db);
  const hit = cache?.get(idHash);
  if (!hit) return undefined;
  if (hit.expiresAt.getTime() <= now) {
    cache?.delete(idHash);
    return undefined;
  }
  return hit;
}

export function rememberSession(db: Db, idHash: string, row: CachedSessionRow): void {
  cacheFor(db)?.set(idHash, row);
}

/**
 * After any write to `sessions` in this process (sign-in's evictions, sign-out, sign out
 * everywhere): forget every cached row of that database. Writes are rare next to reads, and
 * clearing all of them needs no reasoning about which rows a statement touched.
 */
export function forgetSessions(db: Db): void {
  caches.get(db)?.clear();
}

import { LRUCache } from "lru-cache";
import { type Db, isPgliteDb } from "@/db/client";
import { namesVersion } from "@/features/names/server";
import { processState } from "@/server/process-state";

/**
 * Points reads cached until the ranking changes (docs/ARCHITECTURE.md, "Caching"): the leaderboard
 * top (the same for everyone), and per user the standing (rank, total, series), the leaderboard
 * answer and the first history page.
 *
 * Exact by a version number: every write that can move a total, a rank or who is ranked calls
 * `rankingChanged()` right after its statement — `creditPoints` (every task, integration and quiz
 * credit), the referral bonus statement, the console's point adjustment, and every exclusion write
 * (exclude, restore, import, cluster confirmation). An entry is served only while the version it
 * was read under is still current. Rows shown with names also carry the names version
 * (`namesVersion`, bumped by every name registration, rename and revocation).
 *
 * Why the read can never keep data older than the version it is filed under: a write bumps the
 * version after its statement, and a read takes the version before its queries. On PGlite every
 * query waits for any open transaction (one connection, one mutex), so a read that saw the bump
 * runs its queries after the write committed; a read that ran before the write is filed under the
 * old version, which no one reads again.
 *
 * PGlite only, like the session cache: a PGlite database belongs to one process, so every write is
 * seen here. PostgreSQL is shared by several web processes and this process cannot see the others'
 * writes: nothing is cached there (the statements run on the database server, not in this process).
 * The version and the entries are process-wide (`processState`): a credit made by a route handler
 * must reach the pages, which Next bundles separately.
 */

type Store = LRUCache<string, { version: string; value: Promise<unknown> }>;
const state = processState("points.ranking-cache", () => ({
  version: 0,
  stores: new WeakMap<Db, Map<string, Store>>(),
}));

/** After any write that changes points totals or who is excluded (call it inside the transaction too). */
export function rankingChanged(): void {
  state.version++;
}

/** Bound per database: users' entries beyond it are evicted least recently used first. */
const PER_USER_MAX = 10_000;

/** Whether reads of this handle are cached here: a PGlite database (not a transaction on it). */
export function rankingCacheable(db: Db): boolean {
  // A transaction handle is not marked: reads inside a transaction are never cached.
  return isPgliteDb(db);
}

function storeFor(db: Db, name: string): Store | null {
  if (!rankingCacheable(db)) return null;
  let byName = state.stores.get(db);
  if (!byName) {
    byName = new Map();
    state.stores.set(db, byName);
  }
  let store = byName.get(name);
  if (!store) {
    store = new LRUCache({ max: PER_USER_MAX });
    byName.set(name, store);
  }
  return store;
}

/**
 * `load()`'s answer, shared while the ranking (and, with `named`, the names; with `also`, another)
 * version is the one it was read under. The answer is shared: callers must not mutate it. Concurrent misses share one load; a failed load is not kept.
 */
export function rankingCached<T>(
  db: Db,
  name: string,
  key: string,
  load: () => Promise<T>,
  opts: { named?: boolean; also?: number } = {},
): Promise<T> {
  const store = storeFor(db, name);
  if (!store) return load();
  // `also`: another version the answer depends on (e.g. the task definitions').
  const version = `${state.version}:${opts.named ? namesVersion() : ""}:${opts.also ?? ""}`;
  const hit = store.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  // Promise.resolve: a drizzle query is a thenable that runs again on every `then`/`catch`.
  const value = Promise.resolve(load());
  store.set(key, { version, value });
  value.catch(() => {
    if (store.get(key)?.value === value) store.delete(key);
  });
  return value;
}

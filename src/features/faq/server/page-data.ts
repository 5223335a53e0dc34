import { LRUCache } from "lru-cache";
import { type Db, getDb } from "@/db/client";
import { processState } from "@/server/process-state";
import type { FaqSection } from "../schema";
import { listFaq } from "./queries";

// The published FAQ is the same for every visitor and /connect shows part of it to everyone, so
// pages read it from memory (docs/ARCHITECTURE.md, "Caching"): edits in this process (the console,
// the seed) call `forgetFaq`; another process's edit shows within FAQ_CACHE_TTL_MS. Keyed by the
// database handle (tests open several in one process); the `GET /api/faq` route reads live.
const FAQ_CACHE_TTL_MS = 5_000;
// Process-wide: the console's routes must clear what the pages read (src/server/process-state.ts).
const cache = processState(
  "faq.published",
  () => new LRUCache<Db, Promise<FaqSection[]>>({ max: 8, ttl: FAQ_CACHE_TTL_MS }),
);

export async function loadFaq(): Promise<FaqSection[]> {
  const db = await getDb();
  let hit = cache.get(db);
  if (!hit) {
    hit = listFaq(db);
    cache.set(db, hit);
    // A failed read is not kept.
    hit.catch(() => cache.delete(db));
  }
  return hit;
}

/** After a write to the FAQ in this process: the next page read is fresh. */
export function forgetFaq(): void {
  cache.clear();
}

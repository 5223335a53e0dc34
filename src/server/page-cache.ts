/**
 * A one-second micro-cache for the anonymous landing page, used by `src/proxy.ts`. Every page is
 * dynamic because the root layout reads the session cookie (so a signed-in reload shows the address
 * without a flash); for visitors without a session `/` is the same for everyone, so one render per
 * second can serve them all. Live figures on it are then at most a second old.
 */

import { LRUCache } from "lru-cache";

/** Set on the proxy's own render request so it passes through the proxy to Next. */
export const PAGE_CACHE_BYPASS = "x-aurum-page-cache";
const TTL_MS = 1_000;
/** Paths kept (least recently used evicted): the proxy caches `/` only, this is the safety bound. */
export const MICRO_CACHE_MAX_PATHS = 32;

type CachedPage = { at: number; headers: [string, string][]; body: ArrayBuffer };

export type PageRequest = {
  method: string;
  pathname: string;
  search: string;
  header(name: string): string | null;
  hasCookie(name: string): boolean;
};

/**
 * Campaign-tracking parameters (utm_*) change nothing the server renders on `/` (nothing there reads
 * the query; the browser keeps its own URL), so a landing visit with only those shares the cached
 * render. Any other parameter (e.g. Next's `_rsc`) still goes to Next.
 */
const CAMPAIGN_PARAMS = new Set([
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_id",
]);
export function onlyCampaignParams(search: string): boolean {
  if (search === "" || search === "?") return true;
  const params = new URLSearchParams(search);
  for (const key of params.keys()) if (!CAMPAIGN_PARAMS.has(key)) return false;
  return true;
}

/** Only plain, cookie-less document GETs; RSC navigations, prefetches and actions go to Next. */
export function isAnonymousDocumentRequest(req: PageRequest, sessionCookie: string): boolean {
  return (
    req.method === "GET" &&
    onlyCampaignParams(req.search) &&
    req.header(PAGE_CACHE_BYPASS) === null &&
    req.header("rsc") === null &&
    req.header("next-router-prefetch") === null &&
    req.header("next-action") === null &&
    !req.hasCookie(sessionCookie)
  );
}

/** Caches one path's HTML; concurrent misses share a single render. */
export class MicroCache {
  private entries = new LRUCache<string, CachedPage>({ max: MICRO_CACHE_MAX_PATHS });
  /** Renders in flight; each removes itself when it settles, so this is bounded by concurrency. */
  private inflight = new Map<string, Promise<CachedPage | null>>();

  constructor(
    private readonly render: (pathname: string) => Promise<Response>,
    private readonly ttlMs = TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Paths currently cached. */
  get size(): number {
    return this.entries.size;
  }

  /** The cached page, rendering it when absent or stale; null when the render was not a plain 200. */
  async get(pathname: string): Promise<CachedPage | null> {
    const hit = this.entries.get(pathname);
    if (hit && this.now() - hit.at < this.ttlMs) return hit;
    let pending = this.inflight.get(pathname);
    if (!pending) {
      pending = this.fill(pathname).finally(() => this.inflight.delete(pathname));
      this.inflight.set(pathname, pending);
    }
    return pending;
  }

  private async fill(pathname: string): Promise<CachedPage | null> {
    const res = await this.render(pathname);
    // Anything unusual (an error page, a redirect, a cookie being set) is never shared.
    if (res.status !== 200 || res.headers.has("set-cookie")) {
      await res.body?.cancel();
      return null;
    }
    const headers: [string, string][] = [];
    res.headers.forEach((value, key) => {
      // fetch() already decoded the body; length and encoding are the server's to set again.
      if (!["content-length", "content-encoding", "transfer-encoding", "connection"].includes(key)) {
        headers.push([key, value]);
      }
    });
    const page = { at: this.now(), headers, body: await res.arrayBuffer() };
    this.entries.set(pathname, page);
    return page;
  }
}

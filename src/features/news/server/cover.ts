import fs from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";

/**
 * The cover that is a page's LCP element (the first card of /news, an article's cover) as a data:
 * URL, so it is in the HTML and paints with the text instead of after a request. Lighthouse's
 * simulated LCP (docs/ARCHITECTURE.md, "Main-thread work") counted every script evaluated before the
 * cover's observed paint: /news's LCP phases were TTFB 478, load delay 361, load time 174 and
 * render delay 2534 ms for a 2 KB SVG. Only the site's own small SVG covers (public/news, the
 * policy's img-src is 'self' and data:) are inlined; anything else keeps its URL.
 */
const LOCAL_COVER = /^\/news\/[a-z0-9][a-z0-9-]{0,80}\.svg$/;
/** Above this the cover is cheaper as its own (cached) request than in every HTML answer. */
const MAX_INLINE_BYTES = 4096;

/** Per cover path: its data: URL, or null when it is not inlined (missing, too large). */
const cache = new LRUCache<string, { url: string | null }>({ max: 64 });

export async function inlineCover(src: string | null | undefined): Promise<string | null> {
  if (!src || !LOCAL_COVER.test(src)) return null;
  const hit = cache.get(src);
  if (hit) return hit.url;
  let url: string | null = null;
  try {
    const bytes = await fs.readFile(path.join(process.cwd(), "public", src));
    if (bytes.length <= MAX_INLINE_BYTES) url = `data:image/svg+xml;base64,${bytes.toString("base64")}`;
  } catch {
    url = null;
  }
  cache.set(src, { url });
  return url;
}

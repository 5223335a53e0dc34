/**
 * Shared renders of the public pages for visitors without a session (docs/ARCHITECTURE.md,
 * "Rendering and CSP"). The HTTP entry (scripts/lib/http-entry.ts) keeps the HTML that Next rendered
 * for one anonymous document request of `/` or `/connect` for a second and answers the next ones
 * with it, each with a FRESH CSP nonce: the render's own nonce (128 random bits, unknown before the
 * render, so no rendered content can contain it) is replaced everywhere it occurs, in the policy and
 * in the body. Every response still carries a nonce no other response had, on exactly the scripts
 * Next placed there. Nothing is fetched from the server itself: the entry keeps what a real request
 * rendered.
 */

import { LRUCache } from "lru-cache";
import { resolveLocale } from "@/lib/format";
import { afterBodyTag, insertAt } from "./shell-session-block";

/** How long a shared render is served. Live figures on the landing page are then at most this old. */
export const DOCUMENT_CACHE_TTL_MS = 1_000;
/** Keys kept (path × query × locale), least recently used evicted. */
export const DOCUMENT_CACHE_MAX_KEYS = 64;

/** Query parameters a cached page may carry and what the server does with them. */
const CACHEABLE: Record<string, { keyParams: string[] }> = {
  // The landing page reads no parameter.
  "/": { keyParams: [] },
  // /connect renders `next` (where to go after signing in) into the page.
  "/connect": { keyParams: ["next"] },
};

/**
 * Campaign-tracking parameters (utm_*) change nothing the server renders (the browser keeps its own
 * URL), so a visit with only those shares the render. Any other parameter (e.g. Next's `_rsc`) makes
 * the request uncacheable.
 */
const CAMPAIGN_PARAMS = new Set([
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_id",
]);

/** Request headers that make Next answer something other than the page's HTML. */
const NEXT_INTERNAL_HEADERS = [
  "rsc",
  "next-router-prefetch",
  "next-router-state-tree",
  "next-action",
  "next-url",
];

export type DocumentRequest = {
  method: string | undefined;
  /** The raw request target (path and query). */
  url: string | undefined;
  header(name: string): string | undefined;
};

/** Names of the cookies in a Cookie header. */
function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(";").map((part) => part.split("=", 1)[0]?.trim() ?? "");
}

/**
 * Pages whose server render depends on the session only through the sign-in gate and the header's
 * account chip: a signed-in visitor gets the one "signed-in shell" of the page, rendered without any
 * cookie (src/server/shell-render.ts), plus their own session block (`sessionBlock`, ./shell-session-block.ts).
 */
const SIGNED_IN_SHELLS: Record<string, { keyParams: string[]; data?: true }> = {
  "/": { keyParams: [] },
  "/swap": { keyParams: [] },
  "/stake": { keyParams: [] },
  "/testnet": { keyParams: [] },
  // The list renders its page and tag filter (anything else falls back to page 1 in loadNewsPage).
  "/news": { keyParams: ["page", "tag"] },
  "/faq": { keyParams: [] },
  // The visitor's tickets are loaded by the page's client query in a shell.
  "/support": { keyParams: [] },
  // The eligibility and claim are per address, read on the client from the session.
  "/airdrop": { keyParams: [] },
  // Per-user pages: the shell holds skeletons; the entry adds the visitor's page-data block
  // (`pageDataBlock`, loaded by scripts/lib/shell-data.ts from the validated session).
  "/task": { keyParams: [], data: true },
  "/rewards": { keyParams: [], data: true },
  "/friends": { keyParams: [], data: true },
  "/wallet": { keyParams: [], data: true },
};

/**
 * Signed-in shells of a path pattern: one key per matching path (the LRU's bound applies). Only a
 * slug an article can have (src/features/news/schema.ts, SLUG_PATTERN); an unknown one renders the
 * 404, which is never kept (toCachedDocument keeps only a 200).
 */
const SIGNED_IN_SHELL_PATTERNS: { pattern: RegExp; keyParams: string[] }[] = [
  { pattern: /^\/news\/[a-z0-9]+(?:-[a-z0-9]+)*$/, keyParams: [] },
];
const MAX_PATTERN_PATH = 128;

/**
 * For a request whose answer is the same for every visitor without a session: its cache key and the
 * request target to render it with (campaign parameters dropped, so the shared render carries none
 * of one visitor's query); otherwise null. Only plain document GETs of the pages above, without the
 * session cookie; the key holds what the render depends on: path, the page's own parameters and the
 * locale (Accept-Language, src/server/locale.ts).
 */
export function sharedDocument(
  req: DocumentRequest,
  sessionCookie: string,
): { key: string; url: string } | null {
  if (cookieNames(req.header("cookie")).includes(sessionCookie)) return null;
  return documentKey(req, CACHEABLE, "");
}

/**
 * Like `sharedDocument`, for a request that CARRIES the session cookie and asks for a page with a
 * signed-in shell: the shell's key (variant, path, page parameters, locale) and render target. The
 * caller still has to validate the session; an invalid one goes to Next untouched.
 */
export function signedInShellDocument(
  req: DocumentRequest,
  sessionCookie: string,
): { key: string; url: string; data?: string } | null {
  if (!cookieNames(req.header("cookie")).includes(sessionCookie)) return null;
  const doc = documentKey(req, SIGNED_IN_SHELLS, "signed-in ", SIGNED_IN_SHELL_PATTERNS);
  if (!doc) return null;
  // `data`: the page whose per-visitor data the entry must add (src/server/shell-data-block.ts).
  const path = doc.url.split("?", 1)[0] ?? "";
  return SIGNED_IN_SHELLS[path]?.data ? { ...doc, data: path } : doc;
}

function documentKey(
  req: DocumentRequest,
  pages: Record<string, { keyParams: string[] }>,
  variant: string,
  patterns: { pattern: RegExp; keyParams: string[] }[] = [],
): { key: string; url: string } | null {
  if (req.method !== "GET" || !req.url) return null;
  const q = req.url.indexOf("?");
  const pathname = q < 0 ? req.url : req.url.slice(0, q);
  const page =
    (Object.hasOwn(pages, pathname) ? pages[pathname] : undefined) ??
    (pathname.length <= MAX_PATTERN_PATH ? patterns.find((p) => p.pattern.test(pathname)) : undefined);
  if (!page) return null;
  if (NEXT_INTERNAL_HEADERS.some((h) => req.header(h) !== undefined)) return null;
  // Browsers mark page loads `Sec-Fetch-Dest: document`; a fetch() of the page is left to Next.
  const dest = req.header("sec-fetch-dest");
  if (dest !== undefined && dest !== "document") return null;
  const params = new URLSearchParams(q < 0 ? "" : req.url.slice(q + 1));
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (CAMPAIGN_PARAMS.has(name)) continue;
    if (!page.keyParams.includes(name)) return null;
    kept.push([name, value]);
  }
  if (new Set(kept.map(([name]) => name)).size !== kept.length) return null;
  const search = kept.length ? `?${new URLSearchParams(kept)}` : "";
  const locale = resolveLocale(req.header("accept-language"));
  return { key: `${variant}${locale} ${pathname}${search}`, url: `${pathname}${search}` };
}

/** Response headers never replayed: per connection, per response, or recomputed when sending. */
const NOT_REPLAYED = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

export type CapturedResponse = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
};

export type CachedDocument = {
  at: number;
  nonce: string;
  headers: [string, string][];
  body: Buffer;
  /** Byte offsets of the nonce in `body` (it is ASCII and of fixed length, so a copy is patched in place). */
  offsets: number[];
  /** Where a session block goes: just after the `<body …>` start tag (-1: no such tag). */
  bodyAt: number;
};

const NONCE_IN_POLICY = /'nonce-([A-Za-z0-9+/]+={0,2})'/;

/**
 * What may be shared of a finished response, or null: only a plain 200 HTML page, with no cookie
 * being set, not compressed, whose policy carries a nonce (src/lib/csp.ts).
 */
export function toCachedDocument(res: CapturedResponse, now: number): CachedDocument | null {
  if (res.status !== 200) return null;
  const header = (name: string) => {
    const v = res.headers[name];
    return Array.isArray(v) ? v.join(", ") : v === undefined ? undefined : String(v);
  };
  if (header("set-cookie") !== undefined || header("content-encoding") !== undefined) return null;
  if (!header("content-type")?.startsWith("text/html")) return null;
  const nonce = header("content-security-policy")?.match(NONCE_IN_POLICY)?.[1];
  if (!nonce) return null;
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || NOT_REPLAYED.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [String(value)]) headers.push([name, v]);
  }
  const offsets: number[] = [];
  for (let at = res.body.indexOf(nonce); at >= 0; at = res.body.indexOf(nonce, at + nonce.length))
    offsets.push(at);
  return { at: now, nonce, headers, body: res.body, offsets, bodyAt: afterBodyTag(res.body) };
}

/**
 * The cached page with `nonce` in place of the render's nonce (same length: both are 16 random
 * bytes), and `insert` (a signed-in shell's session block) after the body's start tag.
 */
export function withNonce(
  doc: CachedDocument,
  nonce: string,
  insert?: Buffer,
): { headers: [string, string][]; body: Buffer } {
  if (nonce.length !== doc.nonce.length) throw new Error("a nonce of another length");
  const patched = Buffer.from(doc.body);
  for (const at of doc.offsets) patched.write(nonce, at, "latin1");
  const body = insertAt(patched, doc.bodyAt, insert);
  const headers = doc.headers.map(([name, value]): [string, string] => [
    name,
    value.replaceAll(doc.nonce, nonce),
  ]);
  return { headers, body };
}

/** The bounded store of shared renders, with at most one render in flight per key. */
export class DocumentCache {
  private entries = new LRUCache<string, CachedDocument>({ max: DOCUMENT_CACHE_MAX_KEYS });
  /** Renders being captured; each removes itself when it settles, so this is bounded by concurrency. */
  private inflight = new Map<string, Promise<CachedDocument | null>>();

  constructor(
    private readonly ttlMs = DOCUMENT_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** A render of `key` younger than the TTL. */
  fresh(key: string): CachedDocument | undefined {
    const hit = this.entries.get(key);
    return hit && this.now() - hit.at < this.ttlMs ? hit : undefined;
  }

  /** The render in flight for `key`, if any (waiting for it beats rendering the same page again). */
  pending(key: string): Promise<CachedDocument | null> | undefined {
    return this.inflight.get(key);
  }

  /**
   * Registers a render of `key`; call the returned function once with the finished response (or
   * null). It answers what was kept (null: nothing). `accept` may refuse a response `toCachedDocument`
   * would keep.
   */
  capture(
    key: string,
    accept: (doc: CachedDocument) => boolean = () => true,
  ): (res: CapturedResponse | null) => CachedDocument | null {
    let settle!: (doc: CachedDocument | null) => void;
    const done = new Promise<CachedDocument | null>((resolve) => {
      settle = resolve;
    });
    this.inflight.set(key, done);
    return (res) => {
      const made = res ? toCachedDocument(res, this.now()) : null;
      const doc = made && accept(made) ? made : null;
      if (doc) this.entries.set(key, doc);
      if (this.inflight.get(key) === done) this.inflight.delete(key);
      settle(doc);
      return doc;
    };
  }
}

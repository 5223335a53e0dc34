/**
 * The session cookie: `<id>.<HMAC-SHA256(id, secret) base64url>`. Built on Web Crypto only, so the
 * same code runs in route handlers and in `src/proxy.ts` (which checks the signature without a
 * database round trip; pages and handlers then check the session row).
 */

import { LRUCache } from "lru-cache";

/**
 * The session cookie's names. Over HTTPS (`secureCookies`) it is `__Host-aurum_session`: a browser
 * accepts a `__Host-` cookie only with `Secure`, `Path=/` and no `Domain`, set by this very host
 * over HTTPS, so no sibling subdomain (nor a header injected into a plain-http sibling) can plant
 * one that the API would read instead of the visitor's own (a plain name with `Domain=.example.org;
 * Path=/api` is sent before ours and made every API write run as the planter). Over plain http
 * (local dev, the tests) browsers refuse `__Host-` without `Secure`, so it stays `aurum_session`
 * there, where no such guarantee exists.
 *
 * Only the current mode's name is ever read. No transition for the plain cookies that HTTPS sites
 * set before this name existed: accepting them while no `__Host-` copy is present would keep exactly
 * the planting attack open for a whole session TTL (every visitor who is signed out, or not yet
 * re-issued, would take a planted value), so those visitors are signed out once and sign in again.
 * Sign-in and sign-out clear both names (`server/sessions.ts`).
 */
const HOST_SESSION_COOKIE = "__Host-aurum_session";
const PLAIN_SESSION_COOKIE = "aurum_session";

/** The one place that decides the session cookie's name: `secure` is the `secureCookies` setting. */
export function sessionCookieName(secure: boolean): string {
  return secure ? HOST_SESSION_COOKIE : PLAIN_SESSION_COOKIE;
}

/** Every name the session cookie can have, the current mode's or not (to clear both, or find either). */
export const SESSION_COOKIE_NAMES: readonly string[] = [HOST_SESSION_COOKIE, PLAIN_SESSION_COOKIE];

/** Set by the `/:ref` page; read once, at a wallet's first sign-in. */
export const REFERRAL_COOKIE = "aurum_ref";

const ID_BYTES = 32;
// 32 bytes and a SHA-256 MAC are both 43 base64url characters without padding.
const PART = /^[A-Za-z0-9_-]{43}$/;

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A new random session id (32 bytes, base64url). */
export function newSessionId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(ID_BYTES)));
}

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** The cookie value for a session id. */
export async function signSessionId(id: string, secret: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(id));
  return `${id}.${base64url(new Uint8Array(mac))}`;
}

// Validly signed cookie value → its id. A pure function of the value and the secret, and a signed-in
// page checked it twice per request (the proxy, then the page), each an async Web Crypto job
// (~0.4 ms of CPU apiece in bench:ssr's profile of /swap). Bounded; a forged value is never kept,
// so junk cannot push live ones out. A hit is a hash-map lookup of the whole value, which tells a
// forger nothing about the MAC of any other value.
// Made on first use: this module is also in client bundles (`@/features/auth` index), where a
// module-level cache would ship lru-cache to every page.
let verified: LRUCache<string, string> | undefined;
const verifiedValues = () => {
  verified ??= new LRUCache<string, string>({ max: 10_000 });
  return verified;
};

/** The session id when the cookie value is well-formed and its signature is ours, else null. */
export async function verifySessionCookie(
  value: string | undefined | null,
  secret: string,
): Promise<string | null> {
  if (!value) return null;
  const dot = value.indexOf(".");
  if (dot < 0) return null;
  const id = value.slice(0, dot);
  const mac = value.slice(dot + 1);
  if (!PART.test(id) || !PART.test(mac)) return null;
  const key = `${secret}\u0000${value}`;
  if (verifiedValues().get(key) === id) return id;
  // subtle.verify compares in constant time.
  const ok = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    fromBase64url(mac),
    encoder.encode(id),
  );
  if (!ok) return null;
  verifiedValues().set(key, id);
  return id;
}

/** SHA-256 (hex) of a session id or nonce: what the database stores instead of the secret value. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  let hex = "";
  for (const b of digest) hex += b.toString(16).padStart(2, "0");
  return hex;
}

/** Every value of a cookie in a `Cookie` request header, in the order the browser sent them. */
export function readCookies(header: string | null | undefined, name: string): string[] {
  if (!header) return [];
  const out: string[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      out.push(raw);
    }
  }
  return out;
}

/** Reads one cookie from a `Cookie` request header (first occurrence wins, like browsers send it). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return readCookies(header, name)[0];
}

/**
 * The one rule for the session cookie, used alike by the proxy, pages and the route layer: of the
 * cookies in the header named `sessionCookieName(secureCookies)` (the other name is ignored), the
 * first whose signature verifies. A browser sends several when copies with different Path or Domain
 * exist, which only a plain-http site can have (a `__Host-` cookie is unique per host). Next's own
 * cookie parser keeps the last copy and a plain reader the first, so reading it any other way lets
 * pages and the API disagree.
 */
export async function verifiedSessionCookie(
  header: string | null | undefined,
  { sessionSecret, secureCookies }: { sessionSecret: string; secureCookies: boolean },
): Promise<{ value: string; id: string } | null> {
  for (const value of readCookies(header, sessionCookieName(secureCookies))) {
    const id = await verifySessionCookie(value, sessionSecret);
    if (id) return { value, id };
  }
  return null;
}

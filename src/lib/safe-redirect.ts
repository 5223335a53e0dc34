/**
 * The one rule for every redirect the portal sends: the server's `redirect()` on /connect, the
 * proxy's and pages' redirects to /connect, the explorer search, the mailed email link, and the
 * client-side `window.location` after sign-in. A target is accepted only when the URL parser
 * resolves it, against this site's origin, to the same origin; it is then rebuilt from pathname +
 * search + hash, so what the browser follows is exactly what was checked. A rebuilt path that begins
 * with `//` or `/\` would be read by a browser as another host (`/.//evil.example` normalises to
 * `//evil.example`), so it is refused. An absolute `Location` is built on the configured origin
 * (`redirectUrl`), never on the request's `Host`, which a client chooses.
 */

/** Longest `next` accepted; real paths are far shorter, and a huge one only bloats the Location header. */
export const MAX_REDIRECT_LENGTH = 2048;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

export type RedirectOptions = {
  /**
   * The target may be /connect itself: true for a redirect *to* sign-in (the proxy, protected
   * pages); false (default) for `next` after sign-in, where /connect would be a loop.
   */
  toConnect?: boolean;
};

/**
 * Where to send the visitor for `next` (a query value, possibly repeated), or `fallback` when it is
 * missing, foreign, or could be read as another origin. `origin` is this site's origin
 * (`config().origin` on the server, `window.location.origin` in the browser).
 */
export function safeRedirectPath(
  next: string | readonly string[] | null | undefined,
  origin: string,
  fallback = "/",
  options: RedirectOptions = {},
): string {
  const value = typeof next === "string" ? next : next?.[0];
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return fallback;
  // Only a path: no scheme, no host, no relative "swap". Tabs and newlines are dropped by URL
  // parsers ("/\t/evil" is "//evil") and browsers read "\" as "/", so both are refused outright.
  if (!value.startsWith("/") || CONTROL_OR_BACKSLASH.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Never back to /connect itself: after sign-in that would be a loop.
  if (url.pathname === "/connect" && !options.toConnect) return fallback;
  return target;
}

/**
 * The absolute URL for a `Location` header (`NextResponse.redirect` needs one): the target checked
 * by `safeRedirectPath`, on `origin`, the configured PUBLIC_URL origin.
 */
export function redirectUrl(
  target: string,
  origin: string,
  fallback = "/",
  options: RedirectOptions = {},
): URL {
  return new URL(safeRedirectPath(target, origin, fallback, options), origin);
}

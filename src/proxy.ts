import { type NextRequest, NextResponse } from "next/server";
import { botNotFound } from "@/features/app-shell/server";
import { verifiedSessionCookie } from "@/features/auth";
import { contentSecurityPolicy, newNonce } from "@/lib/csp";
import { connectUrlFor, isProtectedPath, ROUTES } from "@/lib/routes";
import { redirectUrl } from "@/lib/safe-redirect";
import { config as appConfig } from "@/server/config";
import { RENDER_HEADER } from "@/server/shell-render";

/**
 * Runs before every page request (not the API, not static files):
 * - gives every page a fresh CSP nonce (src/lib/csp.ts); Next reads it from the request header
 *   (anonymous loads of `/` and `/connect` may instead be answered by the HTTP entry from a shared
 *   render, with a fresh nonce of its own: src/server/document-cache.ts);
 * - the seed's bot rule: a crawler on a path no route serves gets a logged plain-text 404, never
 *   the error page (docs/api.md, "Pages: status codes");
 * - route protection: only the session cookie's signature (no database), cheap on every navigation.
 *   Pages re-check the session row with `requirePageSession`, so a signed-out or expired session
 *   that still has a cookie gets no further.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, searchParams } = request.nextUrl;

  const c = appConfig();
  const nonce = newNonce();
  const csp = contentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV === "development",
    publicRpcUrl: c.publicRpcUrl,
    walletConnect: Boolean(c.WALLETCONNECT_PROJECT_ID),
    https: c.publicUrl.startsWith("https://"),
  });
  const withCsp = (res: NextResponse) => {
    res.headers.set("Content-Security-Policy", csp);
    return res;
  };
  const pass = () => {
    const headers = new Headers(request.headers);
    headers.set("x-nonce", nonce);
    headers.set("Content-Security-Policy", csp);
    // The not-found pages log a crawler's miss with its path (logBotNotFound), and a page cannot
    // read its URL otherwise. Always overwritten, so a client cannot choose what is logged.
    headers.set("x-pathname", pathname);
    return withCsp(NextResponse.next({ request: { headers } }));
  };

  // Before the protection check, so what a crawler gets for a path that does not exist never
  // depends on its cookie.
  const botMiss = botNotFound(pathname, request.headers.get("user-agent"));
  if (botMiss) return withCsp(new NextResponse(botMiss.body, botMiss));

  if (!isProtectedPath(pathname)) return pass();
  // The HTTP entry's signed-in shell render carries no cookie; the page checks the mark itself
  // (src/server/shell-page.ts) and gates as usual without it. The entry strips the header from
  // every request it receives.
  if (request.headers.has(RENDER_HEADER)) return pass();
  // The one rule for the cookie's name and duplicates (session-cookie.ts): the first validly signed one.
  if (await verifiedSessionCookie(request.headers.get("cookie"), c)) return pass();
  // Client navigations carry Next's internal `_rsc` cache-buster; it must not end up in `next`.
  const params = new URLSearchParams(searchParams);
  params.delete("_rsc");
  const search = params.size > 0 ? `?${params}` : "";
  // A fixed target; the visitor's path only travels encoded in `next`, which /connect checks
  // with src/lib/safe-redirect.ts before following it. Built on PUBLIC_URL's origin: `request.url`
  // carries the client's Host header, which a forged request would put into Location.
  const target = redirectUrl(connectUrlFor(pathname, search), c.origin, ROUTES.connect.path, {
    toConnect: true,
  });
  return withCsp(NextResponse.redirect(target));
}

// Must be literals (Next reads them at build time): every page, not the API or build assets.
// (A malformed %-escape never gets here: Next fails on it first; scripts/lib/http-entry.ts answers it.)
export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon\\.ico|icon\\.svg).*)"],
};

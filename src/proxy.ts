import { type NextRequest, NextResponse } from "next/server";
import { SESSION_COOKIE, verifiedSessionCookie } from "@/features/auth";
import { contentSecurityPolicy, newNonce } from "@/lib/csp";
import { connectUrlFor, isProtectedPath } from "@/lib/routes";
import { config as appConfig } from "@/server/config";
import { isAnonymousDocumentRequest, MicroCache, PAGE_CACHE_BYPASS } from "@/server/page-cache";

type Render = (pathname: string) => Promise<Response>;

// The landing page for visitors without a session, rendered once a second (see page-cache.ts). The
// render goes to this same server on loopback, marked so that it passes through this proxy (and so
// gets its own nonce and CSP, cached with the page: visitors within that second share them).
const loopbackRender: Render = (pathname) =>
  fetch(`http://127.0.0.1:${appConfig().PORT}${pathname}`, {
    headers: { [PAGE_CACHE_BYPASS]: "1", accept: "text/html" },
    cache: "no-store",
    signal: AbortSignal.timeout(10_000),
  });
let render: Render = loopbackRender;
const landingCache = new MicroCache((pathname) => render(pathname));

/** Tests only: render the landing page without any server (src/proxy.test.ts). */
export function setLandingRenderForTests(fn: Render | null): void {
  render = fn ?? loopbackRender;
}

async function cachedLanding(fallback: () => NextResponse): Promise<NextResponse> {
  const page = await landingCache.get("/").catch(() => null);
  if (!page) return fallback();
  return new NextResponse(page.body, { status: 200, headers: page.headers });
}

/**
 * Runs before every page request (not the API, not static files):
 * - gives every page a fresh CSP nonce (src/lib/csp.ts); Next reads it from the request header;
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
    return withCsp(NextResponse.next({ request: { headers } }));
  };

  if (pathname === "/") {
    const anonymous = isAnonymousDocumentRequest(
      {
        method: request.method,
        pathname,
        search: request.nextUrl.search,
        header: (name) => request.headers.get(name),
        hasCookie: (name) => request.cookies.has(name),
      },
      SESSION_COOKIE,
    );
    // Next strips its own RSC markers (`rsc` header, `_rsc`) before this proxy runs, so an in-app
    // navigation or router.refresh() of "/" looks like a document request here; answering it with
    // cached HTML made the client fall back to a full page load (e.g. after signing out). Browsers
    // mark real page loads with `Sec-Fetch-Dest: document`; fetches say `empty`.
    const dest = request.headers.get("sec-fetch-dest");
    const pageLoad = dest === null || dest === "document";
    return anonymous && pageLoad ? cachedLanding(pass) : pass();
  }
  if (!isProtectedPath(pathname)) return pass();
  // The one rule for duplicate cookies (session-cookie.ts): the first validly signed one.
  if (await verifiedSessionCookie(request.headers.get("cookie"), c.sessionSecret)) return pass();
  // Client navigations carry Next's internal `_rsc` cache-buster; it must not end up in `next`.
  const params = new URLSearchParams(searchParams);
  params.delete("_rsc");
  const search = params.size > 0 ? `?${params}` : "";
  // A fixed target; the visitor's path only travels encoded in `next`, which /connect checks
  // with src/lib/safe-redirect.ts before following it.
  return withCsp(NextResponse.redirect(new URL(connectUrlFor(pathname, search), request.url)));
}

// Must be literals (Next reads them at build time): every page, not the API or build assets.
// (A malformed %-escape never gets here: Next fails on it first; scripts/lib/http-entry.ts answers it.)
export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon\\.ico|icon\\.svg).*)"],
};

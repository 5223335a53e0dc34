import { type NextRequest, NextResponse } from "next/server";
import { connectUrlFor, isProtectedPath } from "@/features/auth/protected-routes";
import { SESSION_COOKIE, verifiedSessionCookie } from "@/features/auth/session-cookie";
import { contentSecurityPolicy, newNonce } from "@/lib/csp";
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

/** True when every %-escape in the path decodes (Next answers 500 for one that does not). */
function wellEncoded(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

function malformedPath(request: NextRequest, api: boolean): NextResponse {
  if (api) {
    return NextResponse.json(
      { error: { code: "INVALID_ENCODING", message: "The request path has a malformed %-escape." } },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  // Any unmatched path renders the standard "Page not found" page (src/app/not-found.tsx).
  return NextResponse.rewrite(new URL("/_/malformed-path", request.url));
}

/**
 * Runs before every page and API request (not static files):
 * - refuses a path with malformed %-encoding (400 JSON for the API, the 404 page otherwise);
 * - gives every page a fresh CSP nonce (src/lib/csp.ts); Next reads it from the request header;
 * - route protection: only the session cookie's signature (no database), cheap on every navigation.
 *   Pages re-check the session row with `requirePageSession`, so a signed-out or expired session
 *   that still has a cookie gets no further.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, searchParams } = request.nextUrl;
  const api = pathname === "/api" || pathname.startsWith("/api/");
  if (!wellEncoded(pathname)) return malformedPath(request, api);
  if (api) return NextResponse.next();

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
    return anonymous ? cachedLanding(pass) : pass();
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

// Must be literals (Next reads them at build time): everything but build assets and the icon.
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon\\.ico|icon\\.svg).*)"],
};

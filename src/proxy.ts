import { type NextRequest, NextResponse } from "next/server";
import { SESSION_COOKIE, verifySessionCookie } from "@/features/auth/session-cookie";
import { connectUrlFor, isProtectedPath } from "@/lib/routes";
import { config as appConfig } from "@/server/config";
import { isAnonymousDocumentRequest, MicroCache, PAGE_CACHE_BYPASS } from "@/server/page-cache";

// The landing page for visitors without a session, rendered once a second (see page-cache.ts). The
// render goes to this same server on loopback, marked so that it passes through this proxy.
const landingCache = new MicroCache((pathname) =>
  fetch(`http://127.0.0.1:${appConfig().PORT}${pathname}`, {
    headers: { [PAGE_CACHE_BYPASS]: "1", accept: "text/html" },
    cache: "no-store",
    signal: AbortSignal.timeout(10_000),
  }),
);

async function cachedLanding(): Promise<NextResponse> {
  const page = await landingCache.get("/").catch(() => null);
  if (!page) return NextResponse.next();
  return new NextResponse(page.body, { status: 200, headers: page.headers });
}

/**
 * Route protection (Next 16 "proxy", formerly middleware). It only checks the session cookie's
 * signature (no database): cheap on every navigation. Pages re-check the session row with
 * `requirePageSession`, so a signed-out or expired session that still has a cookie gets no further.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, searchParams } = request.nextUrl;
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
    return anonymous ? cachedLanding() : NextResponse.next();
  }
  if (!isProtectedPath(pathname)) return NextResponse.next();
  const id = await verifySessionCookie(request.cookies.get(SESSION_COOKIE)?.value, appConfig().sessionSecret);
  if (id) return NextResponse.next();
  // Client navigations carry Next's internal `_rsc` cache-buster; it must not end up in `next`.
  const params = new URLSearchParams(searchParams);
  params.delete("_rsc");
  const search = params.size > 0 ? `?${params}` : "";
  return NextResponse.redirect(new URL(connectUrlFor(pathname, search), request.url));
}

// Must be literals (Next reads them at build time); a unit test keeps them equal to PROTECTED_ROUTES.
export const config = {
  matcher: [
    "/",
    "/faq/:path*",
    "/news/:path*",
    "/swap/:path*",
    "/task/:path*",
    "/stake/:path*",
    "/wallet/:path*",
    "/airdrop/:path*",
    "/friends/:path*",
    "/rewards/:path*",
    "/support/:path*",
    "/testnet/:path*",
  ],
};

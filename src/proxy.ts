import { type NextRequest, NextResponse } from "next/server";
import { connectUrlFor, isProtectedPath } from "@/features/auth/protected-routes";
import { SESSION_COOKIE, verifySessionCookie } from "@/features/auth/session-cookie";
import { config as appConfig } from "@/server/config";

/**
 * Route protection (Next 16 "proxy", formerly middleware). It only checks the session cookie's
 * signature (no database): cheap on every navigation. Pages re-check the session row with
 * `requirePageSession`, so a signed-out or expired session that still has a cookie gets no further.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, searchParams } = request.nextUrl;
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

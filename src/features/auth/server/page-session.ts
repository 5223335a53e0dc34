import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { connectUrlFor, ROUTES } from "@/lib/routes";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { config } from "@/server/config";
import { unauthorized } from "@/server/errors";
import { type Session, sessionFromCookieHeader } from "./sessions";

/**
 * The signed-in session for server components and pages (cookie signature and database row), or
 * null. Memoised per request, so the layout and the page share one database read.
 */
export const getCurrentSession = cache(async (): Promise<Session | null> => {
  // The raw header, not `cookies()`: Next's parser keeps the last of duplicate cookies, and every
  // reader must apply the same rule (session-cookie.ts, verifiedSessionCookie).
  return sessionFromCookieHeader((await headers()).get("cookie"));
});

/** For route handlers: the session of the request, or a 401 ApiError. */
export async function requireSession(req: Request): Promise<Session> {
  const session = await sessionFromCookieHeader(req.headers.get("cookie"));
  if (!session) throw unauthorized();
  return session;
}

/**
 * For protected pages: the session, or a redirect to `/connect?next=<path>`. `src/proxy.ts` only
 * checks the cookie's signature; this catches signed-out or expired sessions it lets through.
 */
export async function requirePageSession(path: string): Promise<Session> {
  const session = await getCurrentSession();
  // Through the one redirect rule (src/lib/safe-redirect.ts) like every other redirect.
  if (!session)
    redirect(
      safeRedirectPath(connectUrlFor(path), config().origin, ROUTES.connect.path, { toConnect: true }),
    );
  return session;
}

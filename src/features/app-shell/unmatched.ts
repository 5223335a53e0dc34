import { isReferralCode } from "@/features/auth";
import { KNOWN_TOP_SEGMENTS } from "@/lib/routes";
import { botErrorResponse, isBotUserAgent } from "./bots";
import { invalidRouteMessage, pageNotFoundMessage } from "./not-found-messages";

export type UnmatchedPath = { status: 404; message: string };

/**
 * The 404 a path gets from the route table alone, or null when a route (or a static file) may
 * serve it. Mirrors the app router: one unknown segment is `/:ref` (valid code → landing, else
 * "Page Not Found"); anything deeper under an unknown segment is "Page not found".
 */
export function unmatchedPath(pathname: string): UnmatchedPath | null {
  const segments = pathname.split("/").filter(Boolean);
  const first = segments[0];
  if (first === undefined) return null;
  if (KNOWN_TOP_SEGMENTS.has(first)) return null;
  // public/ files (favicon.ico, robots.txt) are served before routing.
  if (segments.length === 1 && first.includes(".")) return null;
  if (segments.length === 1)
    return isReferralCode(decoded(first)) ? null : { status: 404, message: invalidRouteMessage(pathname) };
  return { status: 404, message: pageNotFoundMessage(pathname) };
}

/** Next hands `/:ref` its segment decoded (`/ABCD%32345` is the code ABCD2345). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * For `src/proxy.ts`: a crawler asking for an unmatched path gets a plain-text 404 and no error
 * page (the seed's bot rule); everyone else gets null and the normal rendering.
 */
export function botNotFoundResponse(
  pathname: string,
  userAgent: string | null,
  log?: (info: { pathname: string; userAgent: string; message: string }) => void,
): Response | null {
  if (!isBotUserAgent(userAgent)) return null;
  const miss = unmatchedPath(pathname);
  if (!miss) return null;
  log?.({ pathname, userAgent: userAgent ?? "", message: miss.message });
  return botErrorResponse(miss.status, miss.message);
}

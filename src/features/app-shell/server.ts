import "server-only";
import { headers } from "next/headers";
import { logger } from "@/server/logger";
import { isBotUserAgent } from "./bots";
import { botNotFoundResponse } from "./unmatched";

/**
 * Server-only helpers of the app shell. The seed's bot rule: errors for crawlers are logged. The
 * plain-text answer itself is given before rendering by `botNotFound` in the proxy; this logs the
 * cases that still reach a not-found page (e.g. `/swap/unknown`), with the path the proxy forwards
 * as `x-pathname` (a page cannot read its own URL).
 */
export async function logBotNotFound(kind: "unmatched" | "invalid"): Promise<void> {
  const h = await headers();
  const userAgent = h.get("user-agent");
  if (!isBotUserAgent(userAgent)) return;
  logger.warn(
    { status: 404, kind, path: h.get("x-pathname") ?? undefined, userAgent },
    "bot hit a not-found page",
  );
}

/**
 * For `src/proxy.ts`: a crawler asking for a path no route serves gets `404 <message>` as plain
 * text instead of the error page, and the miss is logged like the not-found pages' ones; null lets
 * the request through.
 */
export function botNotFound(pathname: string, userAgent: string | null): Response | null {
  return botNotFoundResponse(pathname, userAgent, (miss) =>
    logger.warn(
      { status: 404, path: miss.pathname, userAgent: miss.userAgent, message: miss.message },
      "bot hit a not-found page",
    ),
  );
}

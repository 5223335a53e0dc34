import { headers } from "next/headers";
import { logger } from "@/server/logger";
import { isBotUserAgent } from "./bots";

/**
 * Server-only helpers of the app shell. The seed's bot rule: errors for crawlers are logged. The
 * plain-text answer itself is given before rendering by `botNotFoundResponse` in the proxy; this
 * logs the cases that still reach a not-found page (e.g. `/swap/unknown`).
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

/**
 * Crawler detection for the error page rule (seed: "for bot user agents no error page is rendered
 * and the error is only logged"). Pure and edge-safe so `src/proxy.ts` can import it too.
 * Deliberately crawlers only: headless Chrome (our e2e browser), curl and scripts are not bots here.
 */
const BOT_PATTERN =
  /bot\b|crawl|spider|slurp|googlebot|bingbot|yandex|baiduspider|duckduckbot|facebookexternalhit|facebot|ia_archiver|applebot|semrush|ahrefs|mj12bot|petalbot|bytespider|gptbot|claudebot|ccbot|scrapy/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return BOT_PATTERN.test(userAgent);
}

/** The plain-text body a bot gets instead of the error page. */
export function botErrorText(status: number, message: string): string {
  return `${status} ${message}\n`;
}

/** A plain-text error response for bots (used by the proxy and route handlers). */
export function botErrorResponse(status: number, message: string): Response {
  return new Response(botErrorText(status, message), {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

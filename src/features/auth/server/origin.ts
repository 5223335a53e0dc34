import { config } from "@/server/config";
import { forbidden } from "@/server/errors";

/**
 * Refuses cross-site state-changing requests (CSRF). Browsers always send `Origin` on POST/PUT/
 * PATCH/DELETE, so a foreign value is refused; a request without `Origin` comes from a non-browser
 * client (curl, scripts), which cannot ride on a visitor's cookies, unless `Sec-Fetch-Site` says a
 * browser sent it from elsewhere.
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (origin !== config().origin) {
      throw forbidden("Requests from other sites are not allowed.", "FOREIGN_ORIGIN");
    }
    return;
  }
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") {
    throw forbidden("Requests from other sites are not allowed.", "FOREIGN_ORIGIN");
  }
}

import http from "node:http";
import { CLIENT_IP_HEADER, resolveClientIp } from "../../src/server/client-ip";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/**
 * A Node HTTP server that hands every request to `handler` (Next's request handler) with the
 * internal client-address header set from the TCP socket, or from X-Forwarded-For per
 * `trustProxyHops`, and any client-sent copy of it removed (src/server/client-ip.ts).
 */
export function createHttpEntry(handler: Handler, trustProxyHops: number): http.Server {
  return http.createServer((req, res) => {
    if (!wellEncodedPath(req.url ?? "/")) {
      // Next answers 500 "failed to decode param" for such a path before any app code (or the
      // proxy) runs: an open upstream bug. The API gets the standard 400; pages the 404 page.
      if ((req.url ?? "").startsWith("/api/")) {
        res.writeHead(400, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify(MALFORMED_PATH_ERROR));
        return;
      }
      req.url = MALFORMED_PATH_PAGE;
    }
    // Node lower-cases names in req.headers, so this removes every spelling the client used.
    delete req.headers[CLIENT_IP_HEADER];
    const ip = resolveClientIp(req.headers["x-forwarded-for"], req.socket.remoteAddress, trustProxyHops);
    if (ip) req.headers[CLIENT_IP_HEADER] = ip;
    void handler(req, res);
  });
}

export const MALFORMED_PATH_ERROR = {
  error: { code: "INVALID_ENCODING", message: "The request path has a malformed %-escape." },
};
/** Not a route: Next renders the standard "Page not found" page for it. */
const MALFORMED_PATH_PAGE = "/_/malformed-path";

/** True when every %-escape in the path part of a request target decodes as UTF-8. */
export function wellEncodedPath(target: string): boolean {
  const end = target.search(/[?#]/);
  const pathname = end < 0 ? target : target.slice(0, end);
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

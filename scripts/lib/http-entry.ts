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
    // Node lower-cases names in req.headers, so this removes every spelling the client used.
    delete req.headers[CLIENT_IP_HEADER];
    const ip = resolveClientIp(req.headers["x-forwarded-for"], req.socket.remoteAddress, trustProxyHops);
    if (ip) req.headers[CLIENT_IP_HEADER] = ip;
    void handler(req, res);
  });
}

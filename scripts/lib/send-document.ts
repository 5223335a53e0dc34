import type http from "node:http";
import zlib from "node:zlib";

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

export const acceptsGzip = (req: http.IncomingMessage) =>
  /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));

/** Marks a response as gzipped (like Next's own compression): no length, `Vary: Accept-Encoding`. */
export function setGzipHeaders(res: http.ServerResponse): void {
  res.removeHeader("content-length");
  res.setHeader("content-encoding", "gzip");
  const vary = String(res.getHeader("vary") ?? "");
  if (!/\baccept-encoding\b/i.test(vary))
    res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Ends `res` (headers and status already set) with `body`, gzipped like Next's own compression
 * (zlib's default level) when the browser takes it.
 */
export function sendBody(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void {
  const send = (bytes: Buffer) => {
    res.setHeader("content-length", bytes.length);
    res.end(bytes);
  };
  if (!acceptsGzip(req)) {
    send(body);
    return;
  }
  zlib.gzip(body, (err, gz) => {
    if (err) {
      send(body);
      return;
    }
    setGzipHeaders(res);
    send(gz);
  });
}

/** A shared page (src/server/document-cache.ts, `withNonce`) as a 200 answer. */
export function sendShared(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: { headers: [string, string][]; body: Buffer },
): void {
  for (const [name, value] of page.headers) res.appendHeader(name, value);
  res.statusCode = 200;
  sendBody(req, res, page.body);
}

/** What `res.write`/`res.end` were given, as bytes (null for no data, e.g. `end(callback)`). */
export function bufferOf(chunk: unknown, encoding: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  return typeof chunk === "string"
    ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
    : Buffer.from(chunk as Uint8Array);
}

/** The biggest page kept (the landing page is ~35 KB); a bigger answer is sent but not shared. */
export const MAX_SHARED_BYTES = 1024 * 1024;

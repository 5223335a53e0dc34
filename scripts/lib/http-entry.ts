import http from "node:http";
import zlib from "node:zlib";
import { newNonce } from "../../src/lib/csp";
import { CLIENT_IP_HEADER, resolveClientIp } from "../../src/server/client-ip";
import {
  type CapturedResponse,
  type DocumentCache,
  sharedDocument,
  signedInShellDocument,
  withNonce,
} from "../../src/server/document-cache";
import { RENDER_HEADER } from "../../src/server/shell-render";
import type { ShellSession } from "../../src/server/shell-session-block";
import type { Handler } from "./send-document";
import { acceptsGzip, bufferOf, MAX_SHARED_BYTES, sendShared, setGzipHeaders } from "./send-document";
import { serveSignedInShell } from "./signed-in-shell";

export type HttpEntryOptions<S extends ShellSession = ShellSession> = {
  /** Shared renders of the anonymous public pages (src/server/document-cache.ts); none in `next dev`. */
  documentCache?: DocumentCache;
  /** The session cookie's name: a request carrying it is never answered from the anonymous renders. */
  sessionCookie?: string;
  /**
   * The live session behind a request's Cookie header (the route layer's own check), or null. With
   * it, signed-in loads of the pages with a signed-in shell are answered from that shell plus the
   * visitor's session block (scripts/lib/signed-in-shell.ts); without it they go to Next.
   */
  sessionOf?: (cookieHeader: string) => Promise<S | null>;
  /**
   * The visitor's data for a signed-in shell with per-user content (scripts/lib/shell-data.ts), from
   * the session `sessionOf` validated; without it such pages go to Next.
   */
  dataOf?: (page: string, session: S) => Promise<unknown>;
};

/**
 * A Node HTTP server that hands every request to `handler` (Next's request handler) with the
 * internal client-address header set from the TCP socket, or from X-Forwarded-For per
 * `trustProxyHops`, and any client-sent copy of it removed (src/server/client-ip.ts). With a
 * document cache, anonymous page loads of `/` and `/connect` share one render a second, each answer
 * with its own CSP nonce (src/server/document-cache.ts).
 */
export function createHttpEntry<S extends ShellSession = ShellSession>(
  handler: Handler,
  trustProxyHops: number,
  opts: HttpEntryOptions<S> = {},
): http.Server {
  const { documentCache, sessionCookie = "", sessionOf, dataOf } = opts;
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
    // Only this entry marks a signed-in shell render (src/server/shell-render.ts); never a client.
    delete req.headers[RENDER_HEADER];
    const ip = resolveClientIp(req.headers["x-forwarded-for"], req.socket.remoteAddress, trustProxyHops);
    if (ip) req.headers[CLIENT_IP_HEADER] = ip;
    if (!documentCache) {
      void handler(req, res);
      return;
    }
    const shared = sharedDocument(nodeRequest(req), sessionCookie);
    if (shared) {
      void serveShared(documentCache, shared, handler, req, res);
      return;
    }
    const shell = sessionOf ? signedInShellDocument(nodeRequest(req), sessionCookie) : null;
    if (shell && sessionOf) {
      void serveSignedInShell({ cache: documentCache, shell, sessionOf, dataOf, handler, req, res });
      return;
    }
    void handler(req, res);
  });
}

function nodeRequest(req: http.IncomingMessage) {
  return {
    method: req.method,
    url: req.url,
    header: (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(", ") : v;
    },
  };
}

async function serveShared(
  cache: DocumentCache,
  { key, url }: { key: string; url: string },
  handler: Handler,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const ready = cache.fresh(key) ?? (await cache.pending(key));
  if (ready) {
    sendShared(req, res, withNonce(ready, newNonce()));
    return;
  }
  // This request renders for everyone: without campaign parameters, and uncompressed, so the nonce
  // can be replaced in the bytes. This visitor still gets it gzipped when the browser takes it (on a
  // quiet site nearly every visit is such a first render).
  const gzip = acceptsGzip(req) ? zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH }) : null;
  req.url = url;
  delete req.headers["accept-encoding"];
  captureResponse(res, cache.capture(key), gzip);
  void handler(req, res);
}

/**
 * Copies what Next writes to `res` and reports it once the response has finished (null if it never
 * did). With `gzip`, the bytes go to the visitor through it, unless the headers were sent before
 * Next's flushHeaders() or first write (then they go as they are: the headers can no longer say gzip).
 */
function captureResponse(
  res: http.ServerResponse,
  done: (captured: CapturedResponse | null) => void,
  gzip: zlib.Gzip | null = null,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (buf: Buffer | null) => {
    if (!buf) return;
    size += buf.length;
    if (size <= MAX_SHARED_BYTES) chunks.push(buf);
  };
  const write = res.write as (...a: unknown[]) => boolean;
  const end = res.end as (...a: unknown[]) => http.ServerResponse;
  // Decided at the first write: gzip only while the headers can still say so.
  let zipped: zlib.Gzip | null | undefined;
  const zipper = () => {
    if (zipped !== undefined) return zipped;
    zipped = gzip && !res.headersSent ? gzip : null;
    if (zipped) {
      setGzipHeaders(res);
      zipped.on("data", (data: Buffer) => write.call(res, data));
      zipped.once("end", () => end.call(res));
      zipped.once("error", () => res.destroy());
    } else gzip?.destroy();
    return zipped;
  };
  // Next sends the headers with flushHeaders() just before its first write (next/dist/server/pipe-readable.js).
  const flushHeaders = res.flushHeaders;
  res.flushHeaders = function (this: http.ServerResponse) {
    zipper();
    flushHeaders.call(this);
  };
  const callbackOf = (rest: unknown[]) => rest.find((a): a is () => void => typeof a === "function");
  res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    const buf = bufferOf(chunk, rest[0]);
    keep(buf);
    const z = zipper();
    if (!z) return write.call(this, chunk, ...rest);
    if (buf) z.write(buf, callbackOf(rest));
    return true;
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    const buf = bufferOf(chunk, rest[0]);
    keep(buf);
    const z = zipper();
    if (!z) return end.call(this, chunk, ...rest);
    const cb = callbackOf([chunk, ...rest]);
    if (cb) res.once("finish", cb);
    if (buf) z.end(buf);
    else z.end();
    return this;
  } as typeof res.end;
  // What Next sent, as the copy keeps it: uncompressed, whatever this visitor got.
  const sentHeaders = () => {
    const headers = res.getHeaders();
    if (zipped) delete headers["content-encoding"];
    return headers;
  };
  let reported = false;
  const report = (captured: CapturedResponse | null) => {
    if (reported) return;
    reported = true;
    done(captured);
  };
  res.once("finish", () =>
    report(
      size > MAX_SHARED_BYTES
        ? null
        : { status: res.statusCode, headers: sentHeaders(), body: Buffer.concat(chunks, size) },
    ),
  );
  res.once("close", () => report(null));
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

/**
 * Signed-in loads of the pages with a signed-in shell (src/server/document-cache.ts,
 * `signedInShellDocument`; docs/ARCHITECTURE.md, "Rendering and CSP"). The visitor's session is
 * checked with the route layer's own code; an invalid one goes to Next untouched (which redirects to
 * /connect as always). A valid one gets the page's shared shell with a fresh nonce and their own
 * session block after the body's start tag.
 *
 * The shell is rendered by a request WITHOUT the Cookie header, marked with the entry's internal
 * header (src/server/shell-render.ts): no session can be read during that render, so the shell holds
 * no visitor's data by construction. As a second line, a shell that contains the address of the
 * visitor whose request rendered it is not kept.
 *
 * A page with per-user content (`data` from `signedInShellDocument`) has skeletons in its shell; the
 * visitor's data goes next to the session block as the page-data block (src/server/shell-data-block.ts),
 * loaded by `dataOf` from the validated session only. No block (the loader failed, or the data is
 * larger than the bound): the request goes to Next untouched, which renders the page normally.
 */
import type http from "node:http";
import { newNonce } from "../../src/lib/csp";
import { type CachedDocument, type DocumentCache, withNonce } from "../../src/server/document-cache";
import { pageDataBlock } from "../../src/server/shell-data-block";
import { RENDER_HEADER, signedInShellMark } from "../../src/server/shell-render";
import {
  afterBodyTag,
  insertAt,
  type ShellSession,
  sessionBlock,
} from "../../src/server/shell-session-block";
import { bufferOf, type Handler, MAX_SHARED_BYTES, sendBody, sendShared } from "./send-document";

export async function serveSignedInShell<S extends ShellSession>({
  cache,
  shell: { key, url, data: dataPage },
  sessionOf,
  dataOf,
  handler,
  req,
  res,
}: {
  cache: DocumentCache;
  shell: { key: string; url: string; data?: string };
  sessionOf: (cookieHeader: string) => Promise<S | null>;
  /** The visitor's data for a page with per-user content, from their validated session. */
  dataOf?: (page: string, session: S) => Promise<unknown>;
  handler: Handler;
  req: http.IncomingMessage;
  res: http.ServerResponse;
}): Promise<void> {
  let session: S | null;
  try {
    session = await sessionOf(String(req.headers.cookie ?? ""));
  } catch {
    session = null;
  }
  if (!session) {
    void handler(req, res);
    return;
  }
  const shellReady = cache.fresh(key) ?? cache.pending(key);
  const dataBlock = dataPage ? await pageDataOf(dataPage, session, dataOf) : undefined;
  if (dataBlock === null) {
    void handler(req, res);
    return;
  }
  const block = dataBlock ? Buffer.concat([sessionBlock(session), dataBlock]) : sessionBlock(session);
  const ready = await shellReady;
  if (ready) {
    sendShared(req, res, withNonce(ready, newNonce(), block));
    return;
  }
  // This request renders the shell for everyone: no cookie (so nothing of this visitor can be read),
  // the mark, no campaign parameters, uncompressed (the nonce is patched in the bytes).
  const address = session.address.toLowerCase();
  const done = cache.capture(
    key,
    (doc) => doc.bodyAt >= 0 && !doc.body.toString("latin1").toLowerCase().includes(address.slice(2)),
  );
  const acceptEncoding = req.headers["accept-encoding"];
  req.url = url;
  delete req.headers.cookie;
  delete req.headers["accept-encoding"];
  req.headers[RENDER_HEADER] = signedInShellMark();
  holdResponse(req, res, done, block, () => {
    // What this visitor's browser takes, for sending them the finished render.
    if (acceptEncoding !== undefined) req.headers["accept-encoding"] = acceptEncoding;
  });
  void handler(req, res);
}

/** The page-data block of `page` for this visitor, or null when there is none to send. */
async function pageDataOf<S extends ShellSession>(
  page: string,
  session: S,
  dataOf: ((page: string, session: S) => Promise<unknown>) | undefined,
): Promise<Buffer | null> {
  if (!dataOf) return null;
  const at = Date.now();
  try {
    return pageDataBlock(page, await dataOf(page, session), at);
  } catch {
    return null;
  }
}

/**
 * A page rendered for this visitor (not kept) carries their block too: a 200, or the 404 page of an
 * article slug that does not exist (its header's chip is the shell's placeholder, which the block
 * turns into the account; without it the header would say "Connect wallet" to a signed-in visitor).
 */
function withBlock(status: number, body: Buffer, block: Buffer): Buffer {
  return status === 200 || status === 404 ? insertAt(body, afterBodyTag(body), block) : body;
}

/**
 * Holds what Next writes to `res` until the render is complete (the session block has to go into
 * the body, which Next streams), reports it to the cache, then sends it: a kept shell as every later
 * visitor gets it (fresh nonce, block, gzip), anything else as Next made it (with the block when the
 * answer is a 200 page).
 */
function holdResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  done: (
    captured: { status: number; headers: http.OutgoingHttpHeaders; body: Buffer } | null,
  ) => CachedDocument | null,
  block: Buffer,
  beforeSend: () => void,
): void {
  let reported = false;
  const report: typeof done = (captured) => {
    if (reported) return null;
    reported = true;
    return done(captured);
  };
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (buf: Buffer | null) => {
    if (!buf) return;
    size += buf.length;
    chunks.push(buf);
  };
  const { write, end, flushHeaders, writeHead } = res;
  // Next sends the headers with flushHeaders() just before its first write, and its compression
  // middleware (next/dist/compiled/compression) with writeHead() at the first write: both held with
  // the body, so the answer can still be gzipped (a head already sent can no longer say gzip, and
  // every first render of a shell, the one a quiet site nearly always serves, went out uncompressed).
  res.flushHeaders = () => {};
  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    res.statusCode = statusCode;
    const headers = rest.find((a) => typeof a === "object" && a !== null);
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1]);
    } else if (headers) {
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined) res.setHeader(name, value);
    }
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(bufferOf(chunk, rest[0]));
    rest.find((a): a is () => void => typeof a === "function")?.();
    return true;
  }) as typeof res.write;
  let ended = false;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (ended) return res;
    ended = true;
    keep(bufferOf(chunk, rest[0]));
    const cb = [chunk, ...rest].find((a): a is () => void => typeof a === "function");
    if (cb) res.once("finish", cb);
    res.write = write;
    res.end = end;
    res.flushHeaders = flushHeaders;
    res.writeHead = writeHead;
    const body = Buffer.concat(chunks, size);
    const doc = report(
      size > MAX_SHARED_BYTES ? null : { status: res.statusCode, headers: res.getHeaders(), body },
    );
    beforeSend();
    if (res.headersSent) {
      // Next sent its head with writeHead(): the body can still carry the block, the headers stay.
      res.end(withBlock(res.statusCode, body, block));
      return res;
    }
    if (doc) {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      sendShared(req, res, withNonce(doc, newNonce(), block));
      return res;
    }
    res.removeHeader("content-length");
    sendBody(req, res, withBlock(res.statusCode, body, block));
    return res;
  }) as typeof res.end;
  res.once("close", () => {
    if (!ended) report(null);
  });
}

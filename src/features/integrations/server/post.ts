import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { assertLiteralAllowed, guardedLookup, type Resolve, systemResolve } from "./target-guard";

export type WebhookRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** How much of the answer to keep (bytes); the rest is never read. */
  keepBytes: number;
  allowPrivate: boolean;
  resolve?: Resolve;
};
export type WebhookAnswer = { status: number; text: string };

/**
 * POSTs one webhook with node:http(s): the connection goes only to addresses the target guard
 * checked (target-guard.ts), HTTPS still verifies the certificate against the URL's host name (SNI
 * included), redirects are not followed (a 3xx is the answer), and at most `keepBytes` of the
 * answer are read before the connection is dropped. Rejects when no answer came (refused target,
 * DNS, connection, timeout); an answer whose body breaks off is still an answer.
 */
export async function postWebhook(r: WebhookRequest): Promise<WebhookAnswer> {
  assertLiteralAllowed(r.url, r.allowPrivate);
  const url = new URL(r.url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...r.headers, "content-length": String(Buffer.byteLength(r.body)) },
        agent: false,
        lookup: guardedLookup(r.resolve ?? systemResolve, r.allowPrivate),
        signal: AbortSignal.timeout(r.timeoutMs),
      },
      (res) => {
        answered = true;
        void readAtMost(res, r.keepBytes).then((bytes) =>
          resolve({ status: res.statusCode ?? 0, text: decodeKept(bytes) }),
        );
      },
    );
    req.on("error", (err) => {
      if (answered) return;
      reject(err.name === "AbortError" ? new Error(`no answer within ${r.timeoutMs / 1000} s`) : err);
    });
    req.end(r.body);
  });
}

/**
 * Reads at most `limit` bytes of an answer, then destroys it: a receiver cannot make the worker
 * hold more than that (plus one socket chunk) whatever it sends. Never rejects: a body that breaks
 * off or times out gives what arrived.
 */
function readAtMost(res: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      res.off("data", onData);
      res.destroy();
      resolve(Buffer.concat(chunks).subarray(0, limit));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) done();
    };
    res.on("data", onData);
    res.once("end", done);
    res.once("error", done);
    res.once("close", done);
  });
}

/**
 * The kept bytes as text: UTF-8 up to the last whole character (a character cut at the limit is
 * dropped, not turned into a replacement sign), without NUL, which a PostgreSQL text column refuses.
 */
export function decodeKept(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes, { stream: true }).replaceAll("\u0000", "");
}

import { badRequest, payloadTooLarge } from "./errors";

/** Default body limit of every API route (docs/api.md, "Limits"); a route may set its own. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Reads a request body up to `limit` bytes, counting as it streams: a body over the limit is refused
 * with 413 before it is held whole, whatever `Content-Length` claims (a client may lie or send none).
 * A body that breaks off (the client went away) is a 400. No body is zero bytes.
 */
export async function readBoundedBytes(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A client that goes away mid-body (a closing page's beacon) is the client's doing, not a 500.
    const { done, value } = await reader.read().catch(() => {
      throw badRequest("The request body could not be read to its end.", "BAD_REQUEST");
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** `readBoundedBytes` as UTF-8 text; other bytes are a 400. */
export async function readBoundedText(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  const bytes = await readBoundedBytes(req, limit);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("The request body must be UTF-8 text.", "INVALID_ENCODING");
  }
}

/** Reads and parses a bounded JSON body; an empty body is `undefined` (the schema decides). */
export async function readBoundedJson(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const text = await readBoundedText(req, limit);
  if (text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("The request body must be valid JSON.", "INVALID_JSON");
  }
  assertCleanText(value);
  return value;
}

const MAX_WALK_DEPTH = 64;

/**
 * Refuses strings PostgreSQL cannot store or would silently change: a NUL character, or a lone
 * UTF-16 surrogate (it would become U+FFFD, so an identical retry would look like another request).
 * Walks objects and arrays; nesting deeper than any of our schemas accepts is refused outright.
 */
export function assertCleanText(value: unknown, depth = 0): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw badRequest("Text must not contain a NUL character.", "INVALID_TEXT");
    if (!value.isWellFormed()) throw badRequest("Text must be valid Unicode.", "INVALID_TEXT");
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (depth >= MAX_WALK_DEPTH) throw badRequest("The request body is nested too deeply.", "INVALID_JSON");
  if (Array.isArray(value)) {
    for (const item of value) assertCleanText(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    assertCleanText(key, depth + 1);
    assertCleanText(item, depth + 1);
  }
}

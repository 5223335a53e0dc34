import { createHash, timingSafeEqual } from "node:crypto";

/** Hashed first so the comparison takes the same time whatever the length of what was sent. */
const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Whether an `Authorization` header carries `Bearer <token>`: METRICS_TOKEN's rule, for the web
 * processes' /api/metrics and the worker's /metrics alike.
 */
export function bearerMatches(header: string | null | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * The signed-in shell render (docs/ARCHITECTURE.md, "Rendering and CSP"): the HTTP entry
 * (scripts/lib/http-entry.ts) asks Next for the page a signed-in visitor sees, WITHOUT the visitor's
 * Cookie header, and marks that request with this internal header so the proxy and the page skip the
 * sign-in gate and the layout renders the account chip as a placeholder. The session data is added by
 * the entry per answer (src/server/shell-session-block.ts, `sessionBlock`).
 *
 * The header's value carries a random per-process token, so the mark cannot be forged from outside
 * even when a request reaches Next without the entry (which also strips the header from every
 * incoming request). No Next import here: the entry loads this module outside Next's bundles, and
 * `processState` makes the token the same one everywhere in the process.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { processState } from "./process-state";

export const RENDER_HEADER = "x-aurum-render";
const SIGNED_IN_SHELL = "signed-in-shell";

const token = processState("render.shell-token", () => randomBytes(24).toString("base64url"));

/** The value of RENDER_HEADER on the entry's request for a signed-in shell render. */
export function signedInShellMark(): string {
  return `${SIGNED_IN_SHELL} ${token}`;
}

/** True only for the entry's own mark (compared in constant time). */
export function isSignedInShellMark(value: string | null | undefined): boolean {
  if (!value) return false;
  const got = Buffer.from(value);
  const want = Buffer.from(signedInShellMark());
  return got.length === want.length && timingSafeEqual(got, want);
}

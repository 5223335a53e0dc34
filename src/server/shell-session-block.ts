/**
 * The session block of a signed-in shell (docs/ARCHITECTURE.md, "Rendering and CSP"): the one
 * per-visitor part of a shared shell, placed by the HTTP entry just after the `<body>` start tag of
 * each answer (scripts/lib/signed-in-shell.ts) and read once on the client by
 * src/wallet-modal/session-blob.ts. The page-data block beside it is ./shell-data-block.ts.
 */

/** The per-answer session data of a signed-in shell (read by src/wallet-modal/session-blob.ts). */
export type ShellSession = { address: string; name: string | null };

export const SESSION_BLOCK_ID = "aurum-session";

/**
 * A JSON data block for the signed-in shell: a `type="application/json"` script is never executed,
 * so it needs no nonce and the policy stays as strict. `<` is escaped so no value can close the
 * element (the name is checked at registration, but this must not depend on that).
 */
export function sessionBlock(session: ShellSession): Buffer {
  const json = JSON.stringify({ address: session.address, name: session.name }).replaceAll("<", "\\u003c");
  return Buffer.from(`<script id="${SESSION_BLOCK_ID}" type="application/json">${json}</script>`);
}

/** Byte offset just after the `<body …>` start tag, or -1. */
export function afterBodyTag(body: Buffer): number {
  const start = body.indexOf("<body");
  if (start < 0) return -1;
  const end = body.indexOf(">", start);
  return end < 0 ? -1 : end + 1;
}

/** `insert` placed at `at` in `body` (unchanged when `at` < 0). */
export function insertAt(body: Buffer, at: number, insert: Buffer | undefined): Buffer {
  if (!insert || at < 0) return body;
  return Buffer.concat([body.subarray(0, at), insert, body.subarray(at)]);
}

"use client";

import type { Address } from "viem";
import { useDocumentBlock } from "@/lib/document-block";

/**
 * The session of a signed-in shell page (docs/ARCHITECTURE.md, "Rendering and CSP"): the HTTP entry
 * puts `<script id="aurum-session" type="application/json">{"address":…,"name":…}</script>` after
 * the body's start tag of a shared shell (src/server/shell-session-block.ts, `sessionBlock`). Read once:
 * it describes the session the page was loaded with; later sign-ins and sign-outs go through the
 * provider's own state.
 */
export type DocumentSession = { address: Address; name: string | null };

const BLOCK_ID = "aurum-session";
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The block's content, or null when absent or not of the expected shape. */
export function parseDocumentSession(text: string | null | undefined): DocumentSession | null {
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== "object" || data === null) return null;
    const { address, name } = data as Record<string, unknown>;
    if (typeof address !== "string" || !ADDRESS.test(address)) return null;
    if (name !== null && typeof name !== "string") return null;
    return { address: address as Address, name: name ?? null };
  } catch {
    return null;
  }
}

let read: { value: DocumentSession | null } | undefined;
function documentSession(): DocumentSession | null {
  read ??= { value: parseDocumentSession(document.getElementById(BLOCK_ID)?.textContent) };
  return read.value;
}

/**
 * For a shell render (`fromDocument`): undefined on the server, while hydrating and until the
 * session's render (a transition: src/lib/document-block.ts) commits, then the block's session (null
 * if none). For any other render: always null.
 */
export function useDocumentSession(fromDocument: boolean): DocumentSession | null | undefined {
  const session = useDocumentBlock("session", fromDocument, documentSession);
  return fromDocument ? session : null;
}

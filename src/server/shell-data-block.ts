/**
 * The per-visitor page-data block of a signed-in shell with per-user content (/task, …;
 * docs/ARCHITECTURE.md, "Rendering and CSP"). The shell is rendered without any cookie, so its
 * per-user sections are skeletons; the HTTP entry loads the visitor's data with the page's own loader
 * from the session it validated (scripts/lib/shell-data.ts) and places this block next to the
 * session block. Read on the client by src/lib/page-data-block.ts.
 *
 * Like the session block it is a `type="application/json"` script: never executed, so no nonce and
 * no change to the policy; `<` is escaped so no value can close the element.
 */

export const PAGE_DATA_BLOCK_ID = "aurum-page-data";

/**
 * Largest block sent. A bigger one means the visitor has unusually much data (a long task list):
 * the entry then lets Next render the page normally instead, which streams it.
 */
export const MAX_PAGE_DATA_BYTES = 128 * 1024;

/** What the block holds: the page it belongs to, when its data was read (ms), the data. */
export type PageDataEnvelope = { page: string; at: number; data: unknown };

/** The block for `page`'s `data` read at `at`, or null when larger than MAX_PAGE_DATA_BYTES. */
export function pageDataBlock(page: string, data: unknown, at: number): Buffer | null {
  const envelope: PageDataEnvelope = { page, at, data };
  const json = JSON.stringify(envelope).replaceAll("<", "\\u003c");
  const block = Buffer.from(`<script id="${PAGE_DATA_BLOCK_ID}" type="application/json">${json}</script>`);
  return block.length > MAX_PAGE_DATA_BYTES ? null : block;
}

"use client";

import { useCallback } from "react";
import { useDocumentBlock } from "./document-block";

/**
 * The per-visitor page-data block of a signed-in shell (docs/ARCHITECTURE.md, "Rendering and CSP"):
 * the HTTP entry puts `<script id="aurum-page-data" type="application/json">{"page":…,"at":…,
 * "data":…}</script>` after the body's start tag of a per-user page's shared shell
 * (src/server/shell-data-block.ts). The page's component renders skeletons on the server and while
 * hydrating (the shell holds them), then seeds its queries with the block's data: no request.
 */
export type PageDataSeed<T> = {
  data: T;
  /** When the server read the data (ms since the epoch): the queries' `initialDataUpdatedAt`. */
  at: number;
};

const BLOCK_ID = "aurum-page-data";

/** The block's content when it belongs to `page`, or null (absent, another page's, malformed). */
export function parsePageData(text: string | null | undefined, page: string): PageDataSeed<unknown> | null {
  if (!text) return null;
  try {
    const block: unknown = JSON.parse(text);
    if (typeof block !== "object" || block === null) return null;
    const { page: of, at, data } = block as Record<string, unknown>;
    if (of !== page || typeof at !== "number" || !Number.isFinite(at)) return null;
    if (typeof data !== "object" || data === null) return null;
    return { data, at };
  } catch {
    return null;
  }
}

// Read once per document: the block describes the load; later reads go through the queries.
const read = new Map<string, PageDataSeed<unknown> | null>();
function pageData(page: string): PageDataSeed<unknown> | null {
  if (!read.has(page)) read.set(page, parsePageData(document.getElementById(BLOCK_ID)?.textContent, page));
  return read.get(page) ?? null;
}

/**
 * For a shell render (`fromDocument`): undefined on the server, while hydrating and until the data's
 * render (a transition: src/lib/document-block.ts) commits, then the block's data for `page` (null if
 * none). For any other render: always null. The data has the shape the page's loader returns (the
 * same function fills the page's props).
 */
export function usePageData<T>(page: string, fromDocument: boolean): PageDataSeed<T> | null | undefined {
  const readSeed = useCallback(() => pageData(page) as PageDataSeed<T> | null, [page]);
  const seed = useDocumentBlock(`page-data ${page}`, fromDocument, readSeed);
  return fromDocument ? seed : null;
}

/** A stored or fetched block header, hashes lower-case. */
export type Header = { number: number; hash: string; parentHash: string };

/**
 * Whether the next block still builds on what we stored. `stored` is our header of `next.number - 1`
 * (absent when we never stored it, e.g. the first block after the deployment, or when pruned).
 */
export function checkParent(next: Header, stored: Header | undefined): boolean {
  return !stored || stored.hash === next.parentHash.toLowerCase();
}

/**
 * Finds the newest block where our stored headers agree with the chain. `storedDesc` are our headers
 * newest first; `chainHash(n)` reads the chain's canonical hash at n. When no stored header matches,
 * rewind to just before the oldest one we have (re-indexing a bit more is safe; rows are idempotent).
 */
export async function findCommonAncestor(
  storedDesc: Header[],
  chainHash: (n: number) => Promise<string | null>,
): Promise<number> {
  for (const h of storedDesc) {
    const onChain = await chainHash(h.number);
    if (onChain && onChain.toLowerCase() === h.hash) return h.number;
  }
  const oldest = storedDesc.at(-1);
  return oldest ? oldest.number - 1 : -1;
}

/** Checks that a fetched run of consecutive blocks links up (a reorg during the fetch breaks it). */
export function isLinked(headers: Header[]): boolean {
  for (let i = 1; i < headers.length; i++) {
    const prev = headers[i - 1]!;
    const cur = headers[i]!;
    if (cur.number !== prev.number + 1 || cur.parentHash.toLowerCase() !== prev.hash) return false;
  }
  return true;
}

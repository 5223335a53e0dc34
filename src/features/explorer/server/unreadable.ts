import { TestnetUnreadableError } from "./data";

/**
 * A page's read with "the testnet cannot be read" as a value: the block and transaction pages then
 * say so (ChainUnavailable) and keep that answer out of search indexes (`unreadablePageMetadata`).
 */
export function unlessUnreadable<T>(read: Promise<T>): Promise<T | "unreadable"> {
  return read.catch((err: unknown) => {
    if (err instanceof TestnetUnreadableError) return "unreadable" as const;
    throw err;
  });
}

/**
 * Metadata of a page that could not read the chain. It still answers 200 (an App Router page cannot
 * set its status once it streams), so it says "noindex": a search engine must not keep "cannot be
 * reached" as the page of a block or transaction; links on it may still be followed.
 */
export const unreadablePageMetadata = { robots: { index: false, follow: true } } as const;

/**
 * Resolves in a later task, so the browser can paint and handle input before the caller goes on.
 * Client reads that encode many contract calls before their first network wait (wagmi's
 * readContracts) start with it: TanStack Query starts every query of a page in the same task (the
 * effects flush after hydration), and without a yield their ABI encoding adds up to one long task
 * (docs/ARCHITECTURE.md, "Client bundles").
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `fn` started in a later task: for the queryFns of a page's first reads (API fetches), so each
 * request's set-up (`fetch()` and its headers, ~5–15 ms on a throttled phone) is not added to the
 * effects flush after hydration where TanStack Query subscribes every query of the page at once.
 * The query's `signal` is read before the yield: TanStack Query cancels a query whose signal was
 * read once its last observer goes, so a view closed during the yield sends no request at all.
 */
export function yielding<C extends { signal?: AbortSignal }, R>(fn: (context: C) => Promise<R>) {
  return async (context: C): Promise<R> => {
    const signal = context.signal;
    await yieldToMain();
    signal?.throwIfAborted();
    return fn(context);
  };
}

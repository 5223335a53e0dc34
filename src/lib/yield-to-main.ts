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

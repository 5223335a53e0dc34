import { vi } from "vitest";

/**
 * Runs before every unit test file, after test/fresh-file.ts. Component tests share worker processes
 * (vitest.config.ts), and happy-dom's window outlives a file there: its storage and cookies (the
 * wagmi store among them) and anything a test left in the document would reach the next file. A
 * fresh process starts with none of them.
 */
if (typeof document !== "undefined") {
  // The address a file began at (a test that navigated, or opened a phone deep link, moved it), and
  // the page visible again (a test that hid it would stop TanStack Query's refetch intervals).
  const START = Symbol.for("vitest.fresh-dom.url");
  const g = globalThis as unknown as Record<PropertyKey, unknown>;
  if (!(START in g)) g[START] = location.href;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(g[START] as string);
  delete (document as { visibilityState?: unknown }).visibilityState;
  document.head.replaceChildren();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  for (const { name } of await cookieStore.getAll()) if (name) await cookieStore.delete(name);
}

// Analytics batches events behind a real 5 s timer (src/lib/analytics.ts). A component that tracks
// (the modal does) leaves that timer to fire in a later file, which then sends the batch through that
// file's stubbed fetch: an extra call its assertions count, or an uncaught TypeError from a stub that
// returns nothing. Sending events is not what a component test checks; the one that does mocks it itself.
vi.mock("@/lib/analytics", () => ({ track: vi.fn(), flush: vi.fn() }));

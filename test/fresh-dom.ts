import { vi } from "vitest";

/**
 * Runs before every unit test file, after test/fresh-file.ts. Component tests share worker processes
 * (vitest.config.ts), and happy-dom's window outlives a file there: its storage and cookies (the
 * wagmi store among them) and anything a test left in the document would reach the next file. A
 * fresh process starts with none of them.
 */
if (typeof document !== "undefined") {
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

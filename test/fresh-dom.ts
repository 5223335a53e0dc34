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

export {};

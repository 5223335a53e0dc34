"use client";

import { startTransition, useEffect, useState } from "react";

/**
 * Reads a JSON data block of a signed-in shell's document (the session block, the page-data block:
 * docs/ARCHITECTURE.md, "Rendering and CSP") after hydration, in a **transition**.
 *
 * Why not `useSyncExternalStore` with a "pending" server snapshot: when the client snapshot differs
 * after hydration, React re-renders at once at sync priority, and a sync update that reaches a
 * Suspense boundary still waiting to hydrate (a page's `loading.tsx`) hydrates that boundary in the
 * same task. Traced at 4× CPU, that one task was 250–340 ms on /wallet, /rewards and /support
 * (docs/ARCHITECTURE.md, "Main-thread work"). A transition render yields to the browser every few
 * milliseconds, so the same work becomes many short tasks, and input stays responsive.
 *
 * `undefined` on the server, while hydrating and until the transition commits; then `read()`'s value.
 * A later mount in the same document (a client navigation back to the page) reads it at once.
 */
export function useDocumentBlock<T>(key: string, enabled: boolean, read: () => T): T | undefined {
  const [value, setValue] = useState<{ of: string; value: T } | undefined>(() =>
    enabled && revealed.has(key) ? { of: key, value: read() } : undefined,
  );
  const current = enabled && value?.of === key ? value : undefined;
  useEffect(() => {
    if (!enabled || current) return;
    startTransition(() => {
      revealed.add(key);
      setValue({ of: key, value: read() });
    });
  }, [enabled, current, key, read]);
  return current?.value;
}

// Keys whose block this document has shown once: only ever filled in the browser (effects do not
// run on the server), so a server render never reads one.
const revealed = new Set<string>();

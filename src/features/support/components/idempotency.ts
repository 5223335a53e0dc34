"use client";

import { useRef } from "react";

function randomKey(): string {
  // randomUUID exists only in secure contexts; a portal opened over plain http on a LAN has none.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/**
 * One Idempotency-Key per submission: the same values submitted again (double click, retry after a
 * network error) reuse the key, so the server answers with the first result; changed values or a
 * completed submission get a fresh key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; payload: string } | null>(null);
  return {
    keyFor(values: unknown): string {
      const payload = JSON.stringify(values);
      if (!current.current || current.current.payload !== payload)
        current.current = { key: randomKey(), payload };
      return current.current.key;
    },
    done() {
      current.current = null;
    },
  };
}

"use client";

import { useDeferredValue } from "react";

/**
 * A query's answer, rendered in a deferred pass. TanStack Query hands results to React through
 * useSyncExternalStore, whose updates render at sync priority: the pass that swaps a skeleton for
 * the answer's forms and lists was one long task. A deferred value is rendered in ~5 ms slices
 * instead, after the urgent pass has re-rendered the subscriber with what it showed before
 * (docs/ARCHITECTURE.md, "Main-thread work"). `arriving` is true while the new answer waits for that
 * pass, so a skeleton can stay up instead of flashing an empty state.
 */
export function useDeferredAnswer<T>(data: T | undefined): { data: T | undefined; arriving: boolean } {
  const shown = useDeferredValue(data);
  return { data: shown, arriving: shown !== data };
}

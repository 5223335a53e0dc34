"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { tasksKeys } from "../queries";
import { refreshAt } from "../refresh";
import type { TaskView } from "../schema";

/** The longest delay setTimeout keeps (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Reads the task list again when one of its tasks changes state by time alone (refresh.ts): a done
 * task whose window ends at 00:00 UTC shows its button again, an upcoming one opens, an open one
 * ends, without a focus or a reload. One timer for the list, not a clock ticking every second (the
 * airdrop page's `useNow` re-renders its cards each second for their countdowns; the task cards
 * have none). An instant further than setTimeout can wait is reached in steps of at most
 * MAX_TIMER_MS, each re-reading the clock.
 */
export function useWindowRefresh(tasks: readonly TaskView[] | undefined, fetchedAt: number): void {
  const qc = useQueryClient();
  const at = tasks ? refreshAt(tasks, fetchedAt) : null;
  useEffect(() => {
    if (at === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const left = at - Date.now();
      if (left <= 0) void qc.invalidateQueries({ queryKey: tasksKeys.list() });
      else timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    };
    // Never synchronously in the effect: a due instant is read on the next task.
    timer = setTimeout(arm, 0);
    return () => clearTimeout(timer);
  }, [at, qc]);
}

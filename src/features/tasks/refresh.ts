import type { TaskView } from "./schema";

// When the task list must be read again because time passed (pure; unit-tested in refresh.test.ts).
// A listed task changes state at instants it carries: a done task opens again at `nextAt`, a
// recurring task's period ends at `resetsAt`, a task opens at `startsAt` and ends after `endsAt`.
// Nothing else tells the page (no write happens then), so TasksBoard reads the list again then
// (hooks/use-window-refresh.ts).

/** Read a moment after the instant, so a server clock slightly behind this one has passed it too. */
export const REFRESH_GRACE_MS = 1_000;
/** An answer read after an instant that still shows the state before it: read again this much later … */
export const STALE_RETRY_MS = 5_000;
/** … for at most this long after the instant (a server clock behind by more is left to the next focus). */
export const STALE_RETRY_FOR_MS = 60_000;

type Open = Pick<TaskView, "status" | "nextAt" | "resetsAt" | "startsAt" | "endsAt">;

/** The task's instants, each with whether the state shown would be out of date once it passed. */
function instants(t: Open): [string | null, boolean][] {
  const open = t.status === "todo" || t.status === "in_progress";
  return [
    // Always ahead of the server's clock when it answers (the end of the current period).
    [t.nextAt, true],
    [t.resetsAt, true],
    [t.startsAt, t.status === "upcoming"],
    [t.endsAt, open],
  ];
}

/**
 * The instant (epoch ms) at which `tasks`, read at `fetchedAt`, should be read again, or null when
 * no instant of theirs lies ahead. The earliest instant after the read, plus REFRESH_GRACE_MS; an
 * instant the read came after but still shows (the server's clock is behind this one, or the page
 * was rendered just before it) asks for another read STALE_RETRY_MS after this one, for a minute.
 */
export function refreshAt(tasks: readonly Open[], fetchedAt: number): number | null {
  let at = Number.POSITIVE_INFINITY;
  for (const t of tasks) {
    for (const [iso, shown] of instants(t)) {
      if (!iso) continue;
      const ms = Date.parse(iso);
      if (Number.isNaN(ms)) continue;
      if (ms > fetchedAt) at = Math.min(at, ms + REFRESH_GRACE_MS);
      else if (shown && fetchedAt - ms < STALE_RETRY_FOR_MS) at = Math.min(at, fetchedAt + STALE_RETRY_MS);
    }
  }
  return Number.isFinite(at) ? at : null;
}

"use client";

import type { Recurrence } from "@/features/tasks";

/** The recurrence as the participant's card states it (src/features/tasks/components/TaskCard.tsx). */
const RECURRENCE_TEXT: Record<Recurrence, string> = {
  once: "Once",
  daily: "Repeats every day; resets at 00:00 UTC",
  weekly: "Repeats every week; resets on Monday at 00:00 UTC",
};

/** The task editor's card as a participant will see it, updated while the operator types. */
export function TaskPreview({
  title,
  description,
  points,
  hint,
  repeat,
}: {
  title: string;
  description: string;
  points: number;
  hint: string | null;
  repeat: Recurrence;
}) {
  return (
    <section
      aria-label="Preview as a participant"
      className="rounded-card border border-dashed border-border p-4"
    >
      <p className="mb-2 text-xs text-muted">Preview as a participant</p>
      <div className="rounded-card border border-border bg-surface p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-semibold">{title || "Untitled task"}</h3>
          <span className="tabular text-sm text-gold">+{points} pts</span>
        </div>
        <p className="mt-1 text-sm text-muted">{description || "Describe what the participant has to do."}</p>
        {hint ? <p className="mt-2 text-sm text-muted">{hint}</p> : null}
        <p className="mt-2 text-xs text-muted" data-testid="task-preview-recurrence">
          {RECURRENCE_TEXT[repeat]}
        </p>
      </div>
    </section>
  );
}

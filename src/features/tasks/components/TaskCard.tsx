"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "react-toastify";
import { apiErrorMessage } from "@/lib/api-client";
import { Button, cn } from "@/ui";
import { invalidateAfterCredit, postVerify, tasksKeys } from "../queries";
import type { TaskPreview, TaskStatus, TasksList, TaskView } from "../schema";
import { taskCards } from "./cards/registry";

const STATUS_LABEL: Record<TaskStatus, string> = {
  todo: "To do",
  in_progress: "In progress",
  done: "Done",
  upcoming: "Not open yet",
  ended: "Ended",
};

const STATUS_CLASS: Record<TaskStatus, string> = {
  todo: "border-border text-muted",
  in_progress: "border-warning/50 text-warning",
  done: "border-success/50 text-success",
  upcoming: "border-border text-muted",
  ended: "border-border text-muted",
};

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** When a recurring task resets, in words: the rule and the next instant (issue 14). */
const RESETS: Record<TaskView["repeat"], string | null> = {
  once: null,
  daily: "Resets daily at 00:00 UTC",
  weekly: "Resets every Monday at 00:00 UTC",
};

/** A task's title, description, points and recurrence: the same for every user (also in previews). */
export function TaskHeader({ task }: { task: TaskPreview }) {
  return (
    <header className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-text">{task.title}</h2>
        <p className="mt-1 text-sm text-muted">{task.description}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1.5">
        <span className="tabular rounded-control bg-gold/15 px-2 py-0.5 text-sm font-semibold text-gold">
          +{task.points}
        </span>
        {task.repeat !== "once" ? (
          <span className="text-xs text-muted" data-testid={`task-repeat-${task.id}`}>
            {task.repeat}
          </span>
        ) : null}
      </div>
    </header>
  );
}

export function TaskCard({ task }: { task: TaskView }) {
  const qc = useQueryClient();
  const [note, setNote] = useState<{ tone: "ok" | "missing" | "error"; text: string } | null>(null);
  const verify = useMutation({
    mutationFn: (answers?: Record<string, number>) => postVerify(task.id, answers),
    onSuccess: async (r) => {
      // Show the new state at once, then refetch everything that shows points.
      qc.setQueryData<TasksList>(tasksKeys.list(), (old) =>
        old ? { tasks: old.tasks.map((t) => (t.id === r.task.id ? r.task : t)) } : old,
      );
      setNote({ tone: r.verified ? "ok" : "missing", text: r.message });
      if (r.credited) toast.success(`${task.title}: +${r.points} points`);
      if (r.verified) await invalidateAfterCredit(qc);
    },
    onError: (err) => {
      setNote({
        tone: "error",
        text: apiErrorMessage(err),
      });
    },
  });
  const { Body, ownsVerify } = taskCards[task.type];
  const open = task.status === "todo" || task.status === "in_progress";
  return (
    <article
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
      data-testid={`task-${task.id}`}
      data-status={task.status}
    >
      <TaskHeader task={task} />

      <Body task={task} pending={verify.isPending} onVerify={(answers) => verify.mutate(answers)} />

      {task.progress ? (
        <div className="flex items-center gap-3" data-testid={`task-progress-${task.id}`}>
          <div
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-raised"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={task.progress.total}
            aria-valuenow={task.progress.current}
            aria-label={`${task.title} progress`}
          >
            <div
              className="h-full bg-gold"
              style={{ width: `${(100 * task.progress.current) / Math.max(1, task.progress.total)}%` }}
            />
          </div>
          <span className="tabular text-sm text-muted">
            {task.progress.current}/{task.progress.total}
          </span>
        </div>
      ) : null}

      <footer className="mt-auto flex flex-wrap items-center justify-between gap-3">
        <span
          className={cn("rounded-control border px-2 py-0.5 text-xs font-medium", STATUS_CLASS[task.status])}
          data-testid={`task-status-${task.id}`}
        >
          {STATUS_LABEL[task.status]}
          {task.status === "done" && task.pointsEarned > 0 ? ` · ${task.pointsEarned} points earned` : ""}
        </span>
        {task.status === "upcoming" && task.startsAt ? (
          <span className="text-xs text-muted">Opens {utc(task.startsAt)}</span>
        ) : null}
        {task.status === "done" && task.nextAt ? (
          <span className="text-xs text-muted" data-testid={`task-resets-${task.id}`}>
            Again from {utc(task.nextAt)}
          </span>
        ) : RESETS[task.repeat] && task.resetsAt && open ? (
          <span className="text-xs text-muted" data-testid={`task-resets-${task.id}`}>
            {RESETS[task.repeat]} (next {utc(task.resetsAt)})
          </span>
        ) : null}
        {open && !ownsVerify ? (
          <Button
            size="sm"
            onClick={() => verify.mutate(undefined)}
            disabled={verify.isPending}
            data-testid={`verify-${task.id}`}
          >
            {verify.isPending ? "Checking…" : task.type === "daily_checkin" ? "Check in" : "Verify"}
            {/* Nine buttons read "Verify": the task's title makes each name unique, after the
                visible text so the accessible name still starts with it (WCAG 2.5.3). */}
            <span className="sr-only"> {task.title}</span>
          </Button>
        ) : null}
      </footer>

      {note ? (
        <p
          role="status"
          aria-live="polite"
          data-testid={`task-message-${task.id}`}
          className={cn(
            "rounded-control border px-3 py-2 text-sm",
            note.tone === "ok" && "border-success/40 text-success",
            note.tone === "missing" && "border-warning/40 text-text",
            note.tone === "error" && "border-danger/50 text-danger",
          )}
        >
          {note.text}
        </p>
      ) : null}
    </article>
  );
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiErrorMessage } from "@/lib/api-client";
import { Button, cn, Skeleton } from "@/ui";
import { utcMinute as utc } from "../logic";
import { invalidateAfterCredit, postVerify, tasksKeys } from "../queries";
import type { TaskPreview, TaskStatus, TasksList, TaskView } from "../schema";
import { isWideCard, previewBody, taskCards } from "./cards/registry";

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

/**
 * A card footer's line about when the task opens or resets: two lines' height on phones, where the
 * longest ("Resets daily at 00:00 UTC (next …)") wraps and the others do not, so the shell's
 * placeholder and every loaded state have the same box (no layout shift when the state arrives).
 */
const RESET_LINE = "min-h-8 text-xs text-muted sm:min-h-0";

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

/**
 * A task's card. `preview` is what every user sees (the signed-in shell's catalogue; null: a
 * placeholder card), `task` the user's view once loaded. Both states are the same elements: the
 * header and a body that shows nothing of the user's state stay as painted, the status, progress
 * and button replace their skeletons in place (TasksBoard, docs/ARCHITECTURE.md "Main-thread work").
 */
export function TaskCard({ preview, task }: { preview: TaskPreview | null; task?: TaskView }) {
  const qc = useQueryClient();
  const [note, setNote] = useState<{ tone: "ok" | "missing" | "error"; text: string } | null>(null);
  const id = task?.id ?? "";
  const verify = useMutation({
    mutationFn: (answers?: Record<string, number>) => postVerify(id, answers),
    onSuccess: async (r) => {
      // Show the new state at once, then refetch everything that shows points.
      qc.setQueryData<TasksList>(tasksKeys.list(), (old) =>
        old ? { tasks: old.tasks.map((t) => (t.id === r.task.id ? r.task : t)) } : old,
      );
      setNote({ tone: r.verified ? "ok" : "missing", text: r.message });
      // react-toastify loads when a credit is shown, not with the page (it was ~9 KB gzip of /task's
      // first load; the container is the wallet runtime's).
      if (r.credited)
        void import("react-toastify").then(({ toast }) =>
          toast.success(`${r.task.title}: +${r.points} points`),
        );
      if (r.verified) await invalidateAfterCredit(qc);
    },
    onError: (err) => setNote({ tone: "error", text: apiErrorMessage(err) }),
  });
  const shown = task ?? preview;
  const onVerify = (answers?: Record<string, number>) => verify.mutate(answers);
  return (
    <article
      className={cn(
        "flex flex-col gap-4 rounded-card border border-border bg-surface p-5",
        shown && isWideCard(shown.type) && "md:col-span-full",
      )}
      data-testid={task ? `task-${task.id}` : undefined}
      data-status={task?.status}
    >
      {shown ? (
        <TaskHeader task={shown} />
      ) : (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-5 w-2/3" label="Loading a task" />
          <Skeleton className="h-4 w-full" />
        </div>
      )}
      <CardBody shown={shown} task={task} pending={verify.isPending} onVerify={onVerify} />
      {task?.progress ? <Progress task={task} progress={task.progress} /> : null}
      {task ? (
        <StateFooter task={task} pending={verify.isPending} onVerify={onVerify} />
      ) : (
        // The loaded footer's boxes: status, the reset line of a recurring task (it wraps on phones),
        // the button; so the card keeps about its height when the user's state arrives (CLS).
        <footer className="mt-auto flex flex-wrap items-center justify-between gap-3">
          <Skeleton className="h-[22px] w-16" label="Loading your progress on this task" />
          {shown && shown.repeat !== "once" ? (
            <span className={RESET_LINE}>
              <Skeleton className="h-4 w-72 max-w-full" />
            </span>
          ) : null}
          <Skeleton className="h-8 w-20" />
        </footer>
      )}
      {note ? (
        <p
          role="status"
          aria-live="polite"
          data-testid={`task-message-${id}`}
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

/**
 * A body that shows nothing of the user's state is rendered as the same component before and after
 * the user's data (it stays as painted); the others are a skeleton until then.
 */
function CardBody({
  shown,
  task,
  pending,
  onVerify,
}: {
  shown: TaskPreview | null;
  task?: TaskView;
  pending: boolean;
  onVerify: (answers?: Record<string, number>) => void;
}) {
  const Preview = shown ? previewBody(shown.type) : null;
  if (shown && Preview) return <Preview task={shown} />;
  if (task) {
    const { Body } = taskCards[task.type];
    return <Body task={task} pending={pending} onVerify={onVerify} />;
  }
  return (
    <p className="text-sm">
      <Skeleton className="h-4 w-5/6 align-middle" label="Loading this task's state" />
    </p>
  );
}

function Progress({ task, progress }: { task: TaskView; progress: NonNullable<TaskView["progress"]> }) {
  return (
    <div className="flex items-center gap-3" data-testid={`task-progress-${task.id}`}>
      <div
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-raised"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.current}
        aria-label={`${task.title} progress`}
      >
        <div
          className="h-full bg-gold"
          style={{ width: `${(100 * progress.current) / Math.max(1, progress.total)}%` }}
        />
      </div>
      <span className="tabular text-sm text-muted">
        {progress.current}/{progress.total}
      </span>
    </div>
  );
}

function StateFooter({
  task,
  pending,
  onVerify,
}: {
  task: TaskView;
  pending: boolean;
  onVerify: (answers?: Record<string, number>) => void;
}) {
  const open = task.status === "todo" || task.status === "in_progress";
  return (
    <footer className="mt-auto flex flex-wrap items-center justify-between gap-3">
      <span
        className={cn("rounded-control border px-2 py-0.5 text-xs font-medium", STATUS_CLASS[task.status])}
        data-testid={`task-status-${task.id}`}
      >
        {STATUS_LABEL[task.status]}
        {task.status === "done" && task.pointsEarned > 0 ? ` · ${task.pointsEarned} points earned` : ""}
      </span>
      {task.status === "upcoming" && task.startsAt ? (
        <span className={RESET_LINE}>Opens {utc(task.startsAt)}</span>
      ) : null}
      {task.status === "done" && task.nextAt ? (
        <span className={RESET_LINE} data-testid={`task-resets-${task.id}`}>
          Again from {utc(task.nextAt)}
        </span>
      ) : RESETS[task.repeat] && task.resetsAt && open ? (
        <span className={RESET_LINE} data-testid={`task-resets-${task.id}`}>
          {RESETS[task.repeat]} (next {utc(task.resetsAt)})
        </span>
      ) : null}
      {open && !taskCards[task.type].ownsVerify ? (
        <Button
          size="sm"
          onClick={() => onVerify(undefined)}
          disabled={pending}
          data-testid={`verify-${task.id}`}
        >
          {pending ? "Checking…" : task.type === "daily_checkin" ? "Check in" : "Verify"}
          {/* Nine buttons read "Verify": the task's title makes each name unique, after the
              visible text so the accessible name still starts with it (WCAG 2.5.3). */}
          <span className="sr-only"> {task.title}</span>
        </Button>
      ) : null}
    </footer>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { allowedRepeat, type Recurrence, TASK_TYPES, type TaskType } from "@/features/tasks";
import { Button, EmptyState, Field, FormRow, Skeleton } from "@/ui";
import { adminApi, afterSave, when, withOpenedVersion } from "./api";
import { RecurrenceField } from "./RecurrenceField";
import { type Params, TaskParamsEditor } from "./TaskParamsEditor";
import { TaskPreview } from "./TaskPreview";
import { EditorCard, ErrorText, Select, Table, TextArea, td } from "./ui";

export type AdminTask = {
  id: string;
  title: string;
  description: string;
  type: TaskType;
  params: Params;
  points: number;
  repeat: Recurrence;
  hint: string | null;
  startsAt: string | null;
  endsAt: string | null;
  sortOrder: number;
  /** As the list read it; absent on a new task. Sent back as `baseUpdatedAt`. */
  updatedAt?: string;
  editedInConsole: boolean;
  completions: number;
  participants: number;
};

const blank: AdminTask = {
  id: "",
  title: "",
  description: "",
  type: "daily_checkin",
  params: {},
  points: 10,
  repeat: "once",
  hint: null,
  startsAt: null,
  endsAt: null,
  sortOrder: 0,
  editedInConsole: false,
  completions: 0,
  participants: 0,
};

/** `<input type=datetime-local>` works in local time; the API speaks UTC ISO. */
const toLocal = (iso: string | null) =>
  iso
    ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
    : "";
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);

function stateOf(t: AdminTask): string {
  const now = Date.now();
  if (t.endsAt && Date.parse(t.endsAt) <= now) return "ended";
  if (t.startsAt && Date.parse(t.startsAt) > now) return "scheduled";
  return "live";
}

export function TasksScreen() {
  const q = useQuery({
    queryKey: ["admin", "tasks"],
    queryFn: () => adminApi<{ tasks: AdminTask[] }>("/api/admin/tasks"),
  });
  const [editing, setEditing] = useState<AdminTask | null>(null);
  const [isNew, setIsNew] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <p className="rounded-card border border-border bg-surface p-3 text-sm text-muted">
        <strong className="text-text">content/tasks.yaml</strong> only seeds a fresh install. A task saved
        here is owned by the database from then on: restarts and seeding no longer change it.
      </p>
      <div>
        <Button
          onClick={() => {
            setEditing({ ...blank });
            setIsNew(true);
          }}
        >
          New task
        </Button>
      </div>
      {editing ? (
        <TaskEditor
          key={isNew ? "new" : `task:${editing.id}`}
          task={editing}
          isNew={isNew}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <ErrorText error={q.error} />
      {!q.data ? (
        <Skeleton className="h-40 w-full" label="Loading tasks" />
      ) : q.data.tasks.length === 0 ? (
        <EmptyState title="No tasks yet" description="Create the first task with the New task button." />
      ) : (
        <Table
          caption="Tasks"
          head={["Task", "Type", "Points", "Repeat", "State", "Completions", "Source", ""]}
        >
          {q.data.tasks.map((t) => (
            <tr key={t.id}>
              <td className={td}>
                <span className="block font-medium">{t.title}</span>
                <span className="font-id text-xs text-muted">{t.id}</span>
              </td>
              <td className={td}>{t.type}</td>
              <td className={`${td} tabular`}>{t.points}</td>
              <td className={td}>{t.repeat}</td>
              <td className={td}>
                {stateOf(t)}
                {t.startsAt || t.endsAt ? (
                  <span className="block text-xs text-muted">
                    {when(t.startsAt)} → {when(t.endsAt)}
                  </span>
                ) : null}
              </td>
              <td className={`${td} tabular`}>
                {t.completions} ({t.participants} people)
              </td>
              <td className={td}>{t.editedInConsole ? "console" : "tasks.yaml"}</td>
              <td className={td}>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setEditing(t);
                    setIsNew(false);
                  }}
                  aria-label={`Edit ${t.title}`}
                >
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

function TaskEditor({ task, isNew, onDone }: { task: AdminTask; isNew: boolean; onDone: () => void }) {
  const qc = useQueryClient();
  // A task saved before its type was limited to `once` opens as `once`, the only value it can save.
  const [t, setT] = useState(() => ({ ...task, repeat: allowedRepeat(task.type, task.repeat) }));
  const set = (p: Partial<AdminTask>) => setT((x) => ({ ...x, ...p }));
  const save = useMutation({
    mutationFn: (override?: Partial<AdminTask>) => {
      const v = { ...t, ...override };
      const body = {
        title: v.title,
        description: v.description,
        type: v.type,
        params: v.params,
        points: v.points,
        repeat: v.repeat,
        hint: v.hint?.trim() ? v.hint.trim() : null,
        startsAt: v.startsAt,
        endsAt: v.endsAt,
        sortOrder: v.sortOrder,
      };
      return isNew
        ? adminApi("/api/admin/tasks", { method: "POST", body: { id: v.id, ...body } })
        : adminApi(`/api/admin/tasks/${v.id}`, { method: "PATCH", body: withOpenedVersion(body, task) });
    },
    ...afterSave(qc, ["admin", "tasks"], onDone),
  });
  return (
    <EditorCard
      title={isNew ? "New task" : `Edit ${task.title}`}
      onSubmit={() => save.mutate(undefined)}
      error={save.error}
      submitLabel={save.isPending ? "Saving…" : "Save task"}
      saving={save.isPending}
      actions={
        !isNew ? (
          <Button
            variant="danger"
            disabled={save.isPending}
            onClick={() => save.mutate({ endsAt: new Date().toISOString() })}
          >
            Disable now
          </Button>
        ) : null
      }
      onCancel={onDone}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormRow
          label="Id"
          hint="lower-case letters, digits and dashes; cannot change later"
          value={t.id}
          disabled={!isNew}
          onChange={(e) => set({ id: e.target.value })}
          required
        />
        <FormRow
          label="Title"
          value={t.title}
          onChange={(e) => set({ title: e.target.value })}
          maxLength={80}
          required
        />
      </div>
      <Field label="Description">
        {({ id }) => (
          <TextArea
            id={id}
            value={t.description}
            onChange={(e) => set({ description: e.target.value })}
            maxLength={400}
            required
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Type">
          {({ id }) => (
            <Select
              id={id}
              value={t.type}
              onChange={(e) => {
                const type = e.target.value as TaskType;
                set({ type, params: {}, repeat: allowedRepeat(type, t.repeat) });
              }}
            >
              {TASK_TYPES.map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <FormRow
          label="Points"
          type="number"
          min={1}
          value={t.points}
          onChange={(e) => set({ points: Number(e.target.value) })}
        />
        <RecurrenceField type={t.type} value={t.repeat} onChange={(repeat) => set({ repeat })} />
        <FormRow
          label="Order"
          type="number"
          value={t.sortOrder}
          onChange={(e) => set({ sortOrder: Number(e.target.value) })}
        />
      </div>
      <FormRow
        label="Hint"
        hint="How to do it with one faucet drip, e.g. “swap tUSD → AURUM first; keep some AURUM for gas”"
        value={t.hint ?? ""}
        onChange={(e) => set({ hint: e.target.value })}
        maxLength={300}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormRow
          label="Starts (your time)"
          hint="empty: now"
          type="datetime-local"
          value={toLocal(t.startsAt)}
          onChange={(e) => set({ startsAt: fromLocal(e.target.value) })}
        />
        <FormRow
          label="Ends (your time)"
          hint="empty: never"
          type="datetime-local"
          value={toLocal(t.endsAt)}
          onChange={(e) => set({ endsAt: fromLocal(e.target.value) })}
        />
      </div>
      <TaskParamsEditor type={t.type} params={t.params} onChange={(params) => set({ params })} />
      <TaskPreview
        title={t.title}
        description={t.description}
        points={t.points}
        hint={t.hint}
        repeat={t.repeat}
      />
    </EditorCard>
  );
}

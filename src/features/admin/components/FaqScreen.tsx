"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, EmptyState, Field, FormRow, Skeleton } from "@/ui";
import { adminApi, afterSave, withOpenedVersion } from "./api";
import { EditorCard, ErrorText, TextArea } from "./ui";

type Entry = {
  slug: string;
  sectionTitle: string;
  position: number;
  question: string;
  answerMarkdown: string;
  published: boolean;
  /** Sent back as `baseUpdatedAt`. */
  updatedAt: string;
};

export function FaqScreen() {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ["admin", "faq"],
    queryFn: () => adminApi<{ entries: Entry[] }>("/api/admin/faq"),
  });
  const [editing, setEditing] = useState<Entry | "new" | null>(null);
  const patch = useMutation({
    mutationFn: ({ slug, body }: { slug: string; body: Record<string, unknown> }) =>
      adminApi(`/api/admin/faq/${slug}`, { method: "PATCH", body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["admin", "faq"] }),
  });
  const entries = q.data?.entries ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setEditing("new")}>New question</Button>
      </div>
      {editing ? (
        // Keyed by the entry: the editor's fields start from its entry, so one editor reused for
        // another entry would show, and save, the first entry's text over the second.
        <FaqEditor
          key={editing === "new" ? "new" : `faq:${editing.slug}`}
          entry={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <ErrorText error={q.error ?? patch.error} />
      {!q.data ? (
        <Skeleton className="h-40 w-full" label="Loading the FAQ" />
      ) : entries.length === 0 ? (
        <EmptyState
          title="The FAQ is empty"
          description="Add the first question with the New question button."
        />
      ) : (
        <ol className="flex flex-col gap-2" aria-label="FAQ entries in order">
          {entries.map((e, i) => (
            <li
              key={e.slug}
              className="flex flex-col gap-2 rounded-card border border-border bg-surface p-3 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="text-xs text-muted">
                  {e.sectionTitle}
                  {e.published ? "" : " · hidden"}
                </p>
                <p className="font-medium">{e.question}</p>
              </div>
              <div className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === 0 || patch.isPending}
                  onClick={() => patch.mutate({ slug: e.slug, body: { move: "up" } })}
                  aria-label={`Move up: ${e.question}`}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === entries.length - 1 || patch.isPending}
                  onClick={() => patch.mutate({ slug: e.slug, body: { move: "down" } })}
                  aria-label={`Move down: ${e.question}`}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(e)}
                  aria-label={`Edit: ${e.question}`}
                >
                  Edit
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function FaqEditor({ entry, onDone }: { entry: Entry | null; onDone: () => void }) {
  const qc = useQueryClient();
  const [section, setSection] = useState(entry?.sectionTitle ?? "");
  const [question, setQuestion] = useState(entry?.question ?? "");
  const [answer, setAnswer] = useState(entry?.answerMarkdown ?? "");
  const save = useMutation({
    mutationFn: (published?: boolean) => {
      const body = {
        sectionTitle: section,
        question,
        answerMarkdown: answer,
        ...(published === undefined ? {} : { published }),
      };
      return entry
        ? adminApi(`/api/admin/faq/${entry.slug}`, { method: "PATCH", body: withOpenedVersion(body, entry) })
        : adminApi("/api/admin/faq", { method: "POST", body });
    },
    ...afterSave(qc, ["admin", "faq"], onDone),
  });
  return (
    <EditorCard
      title={entry ? "Edit question" : "New question"}
      onSubmit={() => save.mutate(undefined)}
      error={save.error}
      submitLabel="Save question"
      saving={save.isPending}
      className="gap-3"
      actions={
        entry ? (
          <Button variant="secondary" disabled={save.isPending} onClick={() => save.mutate(!entry.published)}>
            {entry.published ? "Hide" : "Show again"}
          </Button>
        ) : null
      }
      onCancel={onDone}
    >
      <FormRow
        label="Section"
        value={section}
        onChange={(e) => setSection(e.target.value)}
        maxLength={80}
        required
      />
      <FormRow
        label="Question"
        value={question}
        onChange={(e) => setQuestion(e.target.value)}
        maxLength={200}
        required
      />
      <Field label="Answer (Markdown)">
        {({ id }) => <TextArea id={id} value={answer} onChange={(e) => setAnswer(e.target.value)} required />}
      </Field>
    </EditorCard>
  );
}

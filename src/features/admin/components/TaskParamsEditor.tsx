"use client";

import { Button, Field, Input } from "@/ui";
import { Select } from "./ui";

type Question = { id: string; question: string; options: string[]; answer: number };
export type Params = Record<string, unknown>;

/** The parameters of each task type (src/features/tasks/definitions.ts), as form fields. */
export function TaskParamsEditor({
  type,
  params,
  onChange,
}: {
  type: string;
  params: Params;
  onChange: (p: Params) => void;
}) {
  const text = (key: string, label: string, hint?: string) => (
    <Field label={label} hint={hint}>
      {({ id }) => (
        <Input
          id={id}
          value={String(params[key] ?? "")}
          onChange={(e) => onChange({ ...params, [key]: e.target.value })}
        />
      )}
    </Field>
  );
  switch (type) {
    case "swap":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {text("token", "Token to receive", "a symbol such as tUSD")}
          {text("amount", "Minimum amount", "a decimal such as 10")}
        </div>
      );
    case "stake":
      return text("amount", "Minimum stake", "a decimal such as 5");
    case "read_article":
      return text("slug", "Article slug", "the article's address under /news/");
    case "invite_friends":
      return (
        <Field label="Friends to invite">
          {({ id }) => (
            <Input
              id={id}
              type="number"
              min={1}
              value={String(params.count ?? 1)}
              onChange={(e) => onChange({ ...params, count: Number(e.target.value) })}
            />
          )}
        </Field>
      );
    case "quiz":
      return (
        <QuizEditor
          questions={(params.questions as Question[] | undefined) ?? []}
          onChange={(questions) => onChange({ questions })}
        />
      );
    default:
      return <p className="text-sm text-muted">This task type has no parameters.</p>;
  }
}

function QuizEditor({ questions, onChange }: { questions: Question[]; onChange: (q: Question[]) => void }) {
  const set = (i: number, q: Partial<Question>) =>
    onChange(questions.map((x, j) => (j === i ? { ...x, ...q } : x)));
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-medium">Quiz questions</legend>
      {questions.map((q, i) => (
        <div key={q.id || i} className="flex flex-col gap-2 rounded-card border border-border p-3">
          <Field label={`Question ${i + 1}`}>
            {({ id }) => (
              <Input id={id} value={q.question} onChange={(e) => set(i, { question: e.target.value })} />
            )}
          </Field>
          {q.options.map((o, k) => (
            <Field key={`${q.id}-${k}`} label={`Option ${k + 1}`}>
              {({ id }) => (
                <Input
                  id={id}
                  value={o}
                  onChange={(e) =>
                    set(i, { options: q.options.map((x, m) => (m === k ? e.target.value : x)) })
                  }
                />
              )}
            </Field>
          ))}
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Correct option" className="w-40">
              {({ id }) => (
                <Select id={id} value={q.answer} onChange={(e) => set(i, { answer: Number(e.target.value) })}>
                  {q.options.map((_, k) => (
                    <option key={k} value={k}>
                      Option {k + 1}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Button
              variant="secondary"
              size="sm"
              disabled={q.options.length >= 6}
              onClick={() => set(i, { options: [...q.options, ""] })}
            >
              Add option
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={q.options.length <= 2}
              onClick={() =>
                set(i, { options: q.options.slice(0, -1), answer: Math.min(q.answer, q.options.length - 2) })
              }
            >
              Remove last option
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onChange(questions.filter((_, j) => j !== i))}>
              Delete question
            </Button>
          </div>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={questions.length >= 20}
        onClick={() =>
          onChange([
            ...questions,
            { id: `q${Date.now().toString(36)}`, question: "", options: ["", ""], answer: 0 },
          ])
        }
      >
        Add question
      </Button>
    </fieldset>
  );
}

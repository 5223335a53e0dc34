"use client";

import { useState } from "react";
import { Button } from "@/ui";
import type { PublicQuizQuestion } from "../../definitions";
import { answerOf, utcMinute } from "../../logic";
import type { TaskCardProps } from "./types";

/**
 * The questions with their options; answers are checked on the server, which never sends them.
 * Only an open quiz has the form: before its start or after its end the server refuses every answer
 * (409), so a participant would fill in every question for nothing.
 */
export default function QuizCard({ task, onVerify, pending }: TaskCardProps) {
  const questions = (task.params as { questions?: PublicQuizQuestion[] }).questions ?? [];
  // Kept here across answers: a refusal (wrong answers, 429 after too many) leaves them as chosen.
  const [answers, setAnswers] = useState<Record<string, number>>({});
  if (task.status === "done") return <p className="text-sm text-muted">Quiz passed.</p>;
  if (task.status === "upcoming")
    return (
      <p className="text-sm text-muted">
        {task.startsAt ? `Opens ${utcMinute(task.startsAt)}` : "Not open yet"}: the questions can be answered
        from then.
      </p>
    );
  if (task.status === "ended")
    return <p className="text-sm text-muted">Ended: answers are no longer checked.</p>;
  const complete = questions.every((q) => answerOf(answers, q.id) !== undefined);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onVerify(answers);
      }}
    >
      {task.hint ? <p className="text-sm text-muted">{task.hint}</p> : null}
      <div className="grid gap-4 md:grid-cols-[repeat(auto-fit,minmax(15rem,1fr))]">
        {questions.map((q, qi) => (
          <fieldset key={q.id} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-text">
              {qi + 1}. {q.question}
            </legend>
            {q.options.map((option, oi) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-2 rounded-control border border-border px-3 py-2 text-sm text-text has-[:checked]:border-gold"
              >
                <input
                  type="radio"
                  name={`${task.id}-${q.id}`}
                  value={oi}
                  checked={answerOf(answers, q.id) === oi}
                  onChange={() => setAnswers((a) => ({ ...a, [q.id]: oi }))}
                  className="accent-[#d4a63a]"
                />
                {option}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <div>
        <Button type="submit" disabled={pending || !complete} data-testid={`verify-${task.id}`}>
          {pending ? "Checking…" : "Check answers"}
          <span className="sr-only"> for {task.title}</span>
        </Button>
      </div>
    </form>
  );
}
